// Seeded mutations of YAML text, for the tests that attack the parser and the doors with
// damaged and hostile input: the same seed gives the same mutations on every run.

/** A small seeded generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The texts a character insertion puts in: YAML's indicators and a few tricky scalars. */
export const INSERTS = [
  ' ',
  '  ',
  ':',
  ': ',
  '-',
  '- ',
  '#',
  ' #',
  '"',
  "'",
  '\n',
  '[',
  ']',
  '{',
  '}',
  ',',
  '&a ',
  '*a',
  '!!str ',
  '|',
  '>',
  '? ',
  '\\',
  'yes',
  '~',
  '<<: ',
];

/**
 * The shapes of the hostile-input campaign (issue 23), each a list of variants an edit of
 * kind 6 to 10 picks from (`Shape.token` names one):
 */
export const HOSTILE_SHAPES = {
  /** 6: an alias to an anchor the document does not have, as a value or a list item. */
  undefinedAlias: ['*nope', '- *nope', '*a'],
  /** 7: the line breaks of the whole text: CR only (old Mac files), or LF, CR and CRLF mixed. */
  lineBreaks: ['cr', 'mixed', 'crlf'],
  /**
   * 8: control characters and annotations injected into a key or a value: YAML escapes in a
   * double-quoted scalar (a line break then a workflow command, ESC sequences, a bell), and
   * raw ones (ESC, DEL, NEL, the line and paragraph separators, a lone CR).
   */
  controls: [
    '"x\\n::error file=a.yaml,line=1::injected"',
    '"\\e[31mred\\e[0m\\e]8;;https://example.com\\a"',
    '"a\\r::warning::b\\u0007"',
    '\u001b[2J\u001b[H',
    'v\u007f\u0085\u2028\u2029',
    'x\ry',
  ],
  /** 9: the YAML 1.1 tags the platform decodes to strings, with good and bad values. */
  tags: [
    '!!binary aGVsbG8=',
    '!!binary not-base64',
    '!!timestamp 2024-01-31T12:00:00Z',
    '!!timestamp 2024-02-30',
    '!!binary |\n  aGVs\n  bG8=',
  ],
  /** 10: a value nested past the reader's limit (256), past the API server's (10,000), and far past it. */
  deepNesting: [300, 10_001, 20_000],
} as const;

/** The variants of each kind of edit from 6 on, in kind order. */
export const HOSTILE_KINDS: readonly (readonly unknown[])[] = [
  HOSTILE_SHAPES.undefinedAlias,
  HOSTILE_SHAPES.lineBreaks,
  HOSTILE_SHAPES.controls,
  HOSTILE_SHAPES.tags,
  HOSTILE_SHAPES.deepNesting,
];

/** The kind of the deep-nesting edits: their texts take the longest to read (tens of thousands of brackets). */
export const DEEP_NESTING_KIND = 6 + HOSTILE_KINDS.indexOf(HOSTILE_SHAPES.deepNesting);

/** How many kinds of edit `mutate` knows. */
export const MUTATION_KINDS = 6 + HOSTILE_KINDS.length;

/** One edit: `kind` is the case of `mutate`; `token` the inserted text's index in INSERTS (kind 1) or the variant (kinds 6 to 10). */
export interface Shape {
  kind: number;
  token: number;
}

/**
 * One mutation: a line-level edit (indentation, an inserted or removed character, a line
 * repeated, swapped or dropped) or one of the hostile shapes (HOSTILE_SHAPES). Random,
 * unless `shape` says which edit; a random edit is never the deep nesting, whose texts take
 * up to a second each to read: tests ask for it by its shape, a few times.
 */
export function mutate(text: string, next: () => number, shape?: Shape): string {
  let kind = shape?.kind ?? Math.floor(next() * (MUTATION_KINDS - 1));
  if (!shape && kind >= DEEP_NESTING_KIND) kind++;
  if (kind >= 6) {
    const variants = HOSTILE_KINDS[kind - 6] ?? [];
    const variant = shape ? shape.token % variants.length : Math.floor(next() * variants.length);
    return hostile(text, next, kind, variants[variant]);
  }
  const lines = text.split('\n');
  const at = Math.floor(next() * lines.length);
  const line = lines[at] ?? '';
  switch (kind) {
    case 0: // indentation off by one or two
      lines[at] = next() < 0.5 ? ` ${line}` : line.replace(/^ {1,2}/, '');
      break;
    case 1: // a character inserted
      {
        const col = Math.floor(next() * (line.length + 1));
        lines[at] = line.slice(0, col) + INSERTS[shape?.token ?? Math.floor(next() * INSERTS.length)] + line.slice(col);
      }
      break;
    case 2: // a character removed
      {
        const col = Math.floor(next() * line.length);
        lines[at] = line.slice(0, col) + line.slice(col + 1);
      }
      break;
    case 3: // a line repeated
      lines.splice(at, 0, line);
      break;
    case 4: // two lines swapped
      lines[at] = lines[at + 1] ?? line;
      if (at + 1 < lines.length) lines[at + 1] = line;
      break;
    default: // a line dropped
      lines.splice(at, 1);
  }
  return lines.join('\n');
}

/** A `key: value` line's parts, or undefined for other lines. */
const ENTRY = /^(\s*(?:- )?)([^\s#:][^:#]*?):(?: (.*))?$/;

/** Applies a hostile shape (kinds 6 to 10) to a line with a `key: value` entry, or to the whole text. */
function hostile(text: string, next: () => number, kind: number, variant: unknown): string {
  if (kind === 7) {
    if (variant === 'cr') return text.replaceAll('\n', '\r');
    if (variant === 'crlf') return text.replaceAll('\n', '\r\n');
    return text.replace(/\n/g, () => ['\n', '\r', '\r\n'][Math.floor(next() * 3)] as string);
  }
  const lines = text.split('\n');
  // The edit goes to an entry line when there is one (the first one from a random start).
  const from = Math.floor(next() * lines.length);
  let at = from;
  for (let n = 0; n < lines.length && !ENTRY.test(lines[at] ?? ''); n++) at = (at + 1) % lines.length;
  const m = ENTRY.exec(lines[at] ?? '');
  const [indent, key, value] = m ? [m[1] ?? '', m[2] ?? 'k', m[3] ?? ''] : ['', 'k', 'v'];
  const entry = (k: string, v: string): string => `${indent}${k}: ${v}`;
  switch (kind) {
    case 6:
      lines[at] = variant === '- *nope' ? `${indent}${key}:\n${indent}  ${variant as string}` : entry(key, variant as string);
      break;
    case 8:
      // Into the key or into the value, alike.
      lines[at] = next() < 0.5 ? entry(variant as string, value) : entry(key, variant as string);
      break;
    case 9: {
      const tagged = (variant as string).replaceAll('\n', `\n${indent}`);
      lines[at] = entry(key, tagged);
      break;
    }
    default: {
      const depth = variant as number;
      const deep = next() < 0.5 ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{a: '.repeat(depth)}1${'}'.repeat(depth)}`;
      lines[at] = entry(key, deep);
    }
  }
  return lines.join('\n');
}

/** One byte-level mutation of the encoded text: a byte flipped, inserted (any value, NUL and invalid UTF-8 included) or removed. */
export function mutateBytes(bytes: Uint8Array, next: () => number): Uint8Array {
  const at = Math.floor(next() * (bytes.length + 1));
  const byte = Math.floor(next() * 256);
  switch (Math.floor(next() * 3)) {
    case 0: {
      const out = Uint8Array.from(bytes);
      if (at < out.length) out[at] = (out[at] as number) ^ (1 << Math.floor(next() * 8));
      return out;
    }
    case 1: {
      const out = new Uint8Array(bytes.length + 1);
      out.set(bytes.subarray(0, at));
      out[at] = byte;
      out.set(bytes.subarray(at), at + 1);
      return out;
    }
    default: {
      const out = new Uint8Array(Math.max(0, bytes.length - 1));
      out.set(bytes.subarray(0, at));
      out.set(bytes.subarray(at + 1), at);
      return out;
    }
  }
}
