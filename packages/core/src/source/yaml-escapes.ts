/**
 * A YAML double-quoted scalar's one-character escapes and what each stands for (YAML 1.2,
 * production ns-esc-char; `\x`, `\u` and `\U` take hex digits and are not here). The block
 * scanner (block-scan.ts) and the CEL source mapper (@platlint/cel, yaml-position.ts) both
 * read double-quoted scalars by it.
 */
export const YAML_ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};
