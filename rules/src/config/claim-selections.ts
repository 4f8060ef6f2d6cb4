/**
 * The claims an expression selects directly (`claims.x`, `claims.?x`). The CEL package does not
 * expose its syntax tree, so this reads tokens: string literals and comments are skipped so
 * that a `claims.email` inside a string does not count, and a `.claims.x` selected from some
 * other value (not the `claims` variable) does not either.
 */
export function claimSelections(expression: string): Set<string> {
  const tokens = tokenize(expression);
  const found = new Set<string>();
  tokens.forEach((token, k) => {
    if (token !== 'claims') return;
    const before = tokens[k - 1];
    if (before === '.' || before === '.?') return;
    const dot = tokens[k + 1];
    const name = tokens[k + 2];
    if ((dot === '.' || dot === '.?') && name !== undefined && /^[A-Za-z_]\w*$/.test(name)) found.add(name);
  });
  return found;
}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    if (/\s/.test(c)) {
      i++;
    } else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    } else if (/^[rRbB]{1,2}['"]/.test(text.slice(i, i + 3))) {
      const prefix = (/^[rRbB]{1,2}/.exec(text.slice(i)) as RegExpExecArray)[0];
      i = skipString(text, i + prefix.length, /[rR]/.test(prefix));
      tokens.push('"');
    } else if (c === '"' || c === "'") {
      i = skipString(text, i, false);
      tokens.push('"');
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_]\w*/.exec(text.slice(i)) as RegExpExecArray;
      tokens.push(m[0]);
      i += m[0].length;
    } else if (/\d/.test(c)) {
      const m = /^(?:0[xX][\da-fA-F]+|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)[uU]?/.exec(text.slice(i)) as RegExpExecArray;
      tokens.push('0');
      i += m[0].length;
    } else if (c === '.' && text.charAt(i + 1) === '?') {
      tokens.push('.?');
      i += 2;
    } else {
      tokens.push(c);
      i++;
    }
  }
  return tokens;
}

/** Index just past the string literal whose opening quote is at `start`. */
function skipString(text: string, start: number, raw: boolean): number {
  const q = text.charAt(start);
  const triple = text.startsWith(q.repeat(3), start);
  const close = triple ? q.repeat(3) : q;
  let i = start + close.length;
  while (i < text.length) {
    if (!raw && text.charAt(i) === '\\') {
      i += 2;
      continue;
    }
    if (text.startsWith(close, i)) return i + close.length;
    if (!triple && text.charAt(i) === '\n') return i;
    i++;
  }
  return text.length;
}
