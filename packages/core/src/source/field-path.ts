/**
 * Field paths as users read them: `spec.template.spec.containers[0].image`.
 * Map keys that are not plain identifiers (annotation keys with dots or slashes) are
 * written as JSON strings in brackets: `metadata.annotations["plat.io/owner"]`.
 */

export type PathSegment = string | number;
export type FieldPath = readonly PathSegment[];

const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/;

export function formatPath(path: FieldPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (PLAIN_KEY.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** Parses the form `formatPath` writes; throws on anything else. */
export function parsePath(text: string): PathSegment[] {
  const segments: PathSegment[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '[') {
      const close = text[i + 1] === '"' ? findStringEnd(text, i + 1) + 1 : text.indexOf(']', i);
      if (close <= i || text[close] !== ']') throw new Error(`malformed field path: ${text}`);
      const inner = text.slice(i + 1, close);
      segments.push(inner.startsWith('"') ? (JSON.parse(inner) as string) : Number(inner));
      i = close + 1;
    } else {
      if (ch === '.') i++;
      let end = i;
      while (end < text.length && text[end] !== '.' && text[end] !== '[') end++;
      segments.push(text.slice(i, end));
      i = end;
    }
  }
  return segments;
}

function findStringEnd(text: string, quote: number): number {
  for (let i = quote + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}
