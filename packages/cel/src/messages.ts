// The one place compile messages are worded. The base library writes capitalised
// "Kind: detail" messages ("No such key: b", "Unexpected token: EOF") and quotes with
// single quotes; our issues read lowercase-first, without a trailing period, with quoted
// names in double quotes, and say where a key was missing. Codes are never changed: callers
// match on codes, the text is for people.

import { CONSTRUCT_MACRO } from './syntax/construct.js';

/** What an error tells about the node it was raised at (the base library's AST node). */
interface ErrorNode {
  op?: unknown;
  args?: unknown;
}

type Rewrite = (match: RegExpExecArray, node: ErrorNode | undefined) => string;

// Token names of the base parser, as a reader knows them.
const TOKENS: Record<string, string> = {
  EOF: 'end of expression',
  NUMBER: 'number',
  STRING: 'string',
  BYTES: 'bytes literal',
  BOOLEAN: 'bool literal',
  NULL: '"null"',
  IDENTIFIER: 'name',
  PLUS: '"+"',
  MINUS: '"-"',
  MULTIPLY: '"*"',
  DIVIDE: '"/"',
  MODULO: '"%"',
  EQ: '"=="',
  NE: '"!="',
  LT: '"<"',
  LE: '"<="',
  GT: '">"',
  GE: '">="',
  AND: '"&&"',
  OR: '"||"',
  NOT: '"!"',
  IN: '"in"',
  LPAREN: '"("',
  RPAREN: '")"',
  LBRACKET: '"["',
  RBRACKET: '"]"',
  LBRACE: '"{"',
  RBRACE: '"}"',
  DOT: '"."',
  COMMA: '","',
  COLON: '":"',
  QUESTION: '"?"',
};

function token(name: string | undefined): string {
  return (name !== undefined && TOKENS[name]) || `"${name ?? ''}"`;
}

// Parser limit names (`limits` option of the base library).
const LIMITS: Record<string, (n: string) => string> = {
  maxDepth: (n) => `expression nests deeper than ${n} levels`,
  maxAstNodes: (n) => `expression has more than ${n} nodes`,
  maxListElements: (n) => `list literal has more than ${n} elements`,
  maxMapEntries: (n) => `map literal has more than ${n} entries`,
  maxCallArguments: (n) => `call has more than ${n} arguments`,
};

// The type a key was looked up on: the receiver of `a.b` / `a["b"]`, typed by the checker
// before the key was (it sets `checkedType` on every node it has checked).
function receiverType(node: ErrorNode | undefined): string | undefined {
  const args = node?.args;
  if (!Array.isArray(args)) return undefined;
  const t = (args[0] as { checkedType?: { name?: unknown } } | undefined)?.checkedType?.name;
  return typeof t === 'string' ? t : undefined;
}

/** `A.b == ASelf.b` (either way round), in words that tell the two apart. */
function readAgainstConstructed(m: RegExpExecArray, order: 'read first' | 'constructed first'): string {
  const name = `${m[1]}${m[2]}`;
  const read = `${name} read from the request`;
  const constructed = `a constructed ${name}`;
  const [left, right] = order === 'read first' ? [read, constructed] : [constructed, read];
  return `no such overload: ${left} ${m[3]} ${right}; a value read never equals a construction: compare their fields`;
}

// Base library messages, by code; the first pattern that matches rewrites the text.
const REWRITES: Record<string, [RegExp, Rewrite][]> = {
  unknown_variable: [[/^Unknown variable: (.*)$/, (m) => `unknown variable "${m[1]}"`]],
  // A value read from the request against a construction of the same name: written alike
  // (see READ_TYPE), the two would read as one type that cannot be compared with itself.
  no_such_overload: [
    [/^no such overload: ([A-Z][A-Za-z0-9]*)Self((?:\.[\w-]+)*) (==|!=) \1\2$/, (m) => readAgainstConstructed(m, 'read first')],
    [
      /^no such overload: ([A-Z][A-Za-z0-9]*)((?:\.[\w-]+)*) (==|!=) \1Self\2$/,
      (m) => readAgainstConstructed(m, 'constructed first'),
    ],
  ],
  no_such_key: [
    [
      /^No such key: (.*)$/,
      (m, node) => {
        const on = receiverType(node);
        return on ? `no such key "${m[1]}" on ${on}` : `no such key "${m[1]}"`;
      },
    ],
  ],
  unexpected_token: [
    [/^Unexpected token: EOF$/, () => 'unexpected end of expression'],
    [/^Unexpected token: (\w+)$/, (m) => `unexpected ${token(m[1])}`],
  ],
  expected_token: [[/^Expected (\w+), got (\w+)$/, (m) => `expected ${token(m[1])}, got ${token(m[2])}`]],
  unexpected_character: [[/^Unexpected character: '?(.*?)'?$/, (m) => `unexpected character "${m[1]}"`]],
  reserved_identifier: [[/^Reserved identifier: (.*)$/, (m) => `"${m[1]}" is a reserved word`]],
  invalid_number: [[/^Invalid number: (.*)$/, (m) => `invalid number "${m[1]}"`]],
  invalid_integer: [[/^Invalid integer: (.*)$/, (m) => `invalid integer "${m[1]}"`]],
  invalid_hex_integer: [[/^Invalid hex integer: (.*)$/, (m) => `invalid hex integer "${m[1]}"`]],
  newline_in_string: [
    [/^Newlines not allowed in single-quoted strings$/, () => 'a quoted string cannot span lines; use triple quotes'],
  ],
  invalid_unicode_escape: [[/^Invalid Unicode escape: (.*)$/, (m) => `invalid unicode escape "${m[1]}"`]],
  invalid_unicode_surrogate: [[/^Invalid Unicode surrogate: (.*)$/, (m) => `invalid unicode surrogate "${m[1]}"`]],
  invalid_hex_escape: [[/^Invalid hex escape: (.*)$/, (m) => `invalid hex escape "${m[1]}"`]],
  octal_escape_out_of_range: [[/^Octal escape out of range: (.*)$/, (m) => `octal escape "${m[1]}" is out of range`]],
  invalid_escape_sequence: [[/^Invalid escape sequence: (.*)$/, (m) => `invalid escape sequence "${m[1]}"`]],
  bytes_unicode_escape: [[/^(.*) not allowed in bytes literals$/, (m) => `"${m[1]}" is not allowed in bytes literals`]],
  limit_exceeded: [
    [
      /^Exceeded (\w+) \((\d+)\)$/,
      (m) => (LIMITS[m[1] as string] ?? ((n) => `expression exceeds ${m[1]} (${n})`))(m[2] as string),
    ],
  ],
  invalid_index_type: [
    [/^List index must be int, got '(.*)'$/, (m) => `list index must be int, got ${m[1]}`],
    [/^Cannot index type '(.*)' with type '(.*)'$/, (m) => `cannot index ${m[1]} with ${m[2]}`],
  ],
  cannot_index_type: [[/^Cannot index type '(.*)'$/, (m) => `cannot index ${m[1]}`]],
  unsupported_type: [[/^Unsupported type: (.*)$/, (m) => `unsupported type ${m[1]}`]],
  invalid_logical_operand: [
    [/^Logical operator requires bool operands, got '(.*)'$/, (m) => `&& and || need bool operands, got ${m[1]}`],
  ],
  invalid_condition_type: [
    [/^Ternary condition must be bool, got '(.*)'$/, (m) => `condition of ?: must be bool, got ${m[1]}`],
    [/^(.*) must return bool, got '(.*)'$/, (m) => `${m[1]} must return bool, got ${m[2]}`],
  ],
  incompatible_ternary_branches: [
    [
      /^Ternary branches must have the same type, got '(.*)' and '(.*)'$/,
      (m) => `branches of ?: must have the same type, got ${m[1]} and ${m[2]}`,
    ],
  ],
  no_matching_overload: [
    // The construction rewrite targets a macro that only places with constructions declare.
    [
      new RegExp(`^found no matching overload for '${CONSTRUCT_MACRO}\\(`),
      () => 'message construction (Type{...}) is not available here',
    ],
    [/^found no matching overload for '(.*)'$/, (m) => `no matching overload for ${m[1]}`],
  ],
  invalid_comprehension_range: [
    [
      /^Expression of type '(.*)' cannot be range of a comprehension.*$/,
      (m) => `cannot iterate over ${m[1]}: a comprehension needs a list or a map`,
    ],
  ],
  incompatible_argument_type: [
    [
      /^(.*) argument must be compatible type, got '(.*)' and '(.*)'$/,
      (m) => `the argument of ${m[1]} must have a compatible type, got ${m[2]} and ${m[3]}`,
    ],
  ],
  optional_expected: [[/^(.*) must be optional, got '(.*)'$/, (m) => `${m[1]} must be optional, got ${m[2]}`]],
  invalid_macro_argument: [
    [/^has\(\) invalid argument$/, () => 'has() needs a field selection such as has(a.b)'],
    [/^(.*) invalid predicate iteration variable$/, (m) => `${m[1]}: the iteration variable must be a simple name`],
  ],
};

// Read types of schema-typed variables are named `<Variable>Self` (apart from construction
// types); people know them by the kind's type name, so `ObjectSelf.spec` reads `Object.spec`.
const READ_TYPE = /(^|[^\w.])([A-Z][A-Za-z0-9]*)Self(?=$|[^\w])/g;

// Our stand-ins for base built-ins (syntax/ast-fixes.ts) read as the names people wrote.
const RENAMED = /\b__(trim|lowerAscii|upperAscii|duration|formatSpec)\b/g;
const WRITTEN: Record<string, string> = { formatSpec: 'format' };

// Quoted names in single quotes, as both the base library and older messages of ours write them.
const SINGLE_QUOTED = /'([^'\s]*)'/g;

/** Our wording of a compile issue; `node` is the AST node the error was raised at, if any. */
export function issueMessage(code: string, text: string, node?: unknown): string {
  let out = text;
  for (const [pattern, rewrite] of REWRITES[code] ?? []) {
    const m = pattern.exec(text);
    if (m) {
      out = rewrite(m, node as ErrorNode | undefined);
      break;
    }
  }
  out = out
    .replace(SINGLE_QUOTED, '"$1"')
    .replace(READ_TYPE, '$1$2')
    .replace(RENAMED, (_m, name: string) => WRITTEN[name] ?? name);
  // Lowercase a leading word, not a leading type or identifier name ("Object.spec ...").
  if (/^[A-Z][a-z]+(?:\s|$)/.test(out)) out = out.charAt(0).toLowerCase() + out.slice(1);
  return out.replace(/\.+$/, '');
}

// Run-time errors in cel-go's words, which the platform puts into a denial ("... resulted in
// error: no such key: x"), by the base library's code: common/types/map.go baseMap.Get
// ("no such key: %v"), common/types/err.go NoSuchOverloadErr and MaybeNoSuchOverloadErr ("no such
// overload": an operator on values of other types, the types unnamed) and errIntOverflow
// ("integer overflow"). Other errors keep their words.
const RUNTIME: Record<string, [RegExp, (m: RegExpExecArray) => string][]> = {
  no_such_key: [[/^No such key: (.*)$/s, (m) => `no such key: ${m[1]}`]],
  no_such_overload: [[/^no such overload: /, () => 'no such overload']],
  numeric_overflow: [[/^integer overflow: /, () => 'integer overflow']],
};

/** The message of a run-time error (CelEvaluationError code and message) as the platform words it. */
export function runtimeErrorMessage(code: string, message: string): string {
  for (const [pattern, rewrite] of RUNTIME[code] ?? []) {
    const m = pattern.exec(message);
    if (m) return rewrite(m);
  }
  return message;
}
