// A bundle in ASCII: the launcher decodes the script as Latin-1, five times faster than as
// UTF-8 (3.5 MB: 3 against 18 ms a run), and V8 keeps it as a one-byte string, half the size
// of the two-byte one a single character beyond Latin-1 makes of it
// (scripts/launcher/run-cached.mjs). esbuild writes strings, templates and names in ASCII
// but leaves regular expression literals as written, and a few hold `µ` or `μ` (duration
// units). Each such character is written here as its `\uXXXX` escape, which a regular
// expression reads as the same character with or without the `u` flag (an escaped pair of
// surrogates is one code point under `u`). Only regular expression literals are rewritten,
// found by TypeScript's parser: elsewhere (a tagged template's raw text) an escape is not
// the character. A rewritten literal's `source` shows the escape rather than the character,
// and columns after it on its line move in the source map.
import ts from 'typescript';

const NON_ASCII = /[^\x00-\x7f]/; // eslint-disable-line no-control-regex

/** `script` (JavaScript) with every character beyond ASCII in a regular expression literal escaped. */
export function asciiRegExps(script) {
  const file = ts.createSourceFile('bundle.js', script, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const literals = [];
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      if (NON_ASCII.test(node.getText(file))) literals.push(node);
    } else ts.forEachChild(node, visit);
  };
  visit(file);
  let out = script;
  // From the last, so that the offsets of the others still hold.
  for (const node of literals.reverse()) {
    const start = node.getStart(file);
    out = out.slice(0, start) + escaped(node.getText(file)) + out.slice(node.end);
  }
  return out;
}

/** A regular expression literal's text with its characters beyond ASCII as `\uXXXX`. */
function escaped(literal) {
  let out = '';
  for (const char of literal.split('')) {
    const code = char.charCodeAt(0);
    if (code < 0x80) {
      out += char;
      continue;
    }
    // `\µ` (an identity escape, without the `u` flag) is the character itself.
    if (/(^|[^\\])(\\\\)*\\$/.test(out)) out = out.slice(0, -1);
    out += `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return out;
}
