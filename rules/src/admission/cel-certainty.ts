// Whether a type error that the matched kind's schema shows (admission/cel-schema) is certain
// to make the expression fail when it runs, on every request it is evaluated for. The server
// compiles `object` as dyn and stores the policy; at run time the value is a typed object of
// the matched kind, so reading a field its schema lacks fails with "no such key" (the API
// server has dropped unknown fields before admission), an operator or function with no
// overload for the field's type fails with "no such overload", and an `Object{...}` naming a
// field or type the schema lacks fails when the apply configuration is converted. It is
// certain only when that part of the expression is evaluated whatever the values are.
import { celTokensOf } from '@platlint/cel';
import type { CelIssue, CelToken } from '@platlint/cel';

/**
 * Issue codes of the schema-typed compile that fail at run time, whatever the object holds:
 * a field the schema lacks, read or constructed, and a type name it lacks. A wrong value type
 * in a construction (field_type_mismatch) is left out: the checker also reports it for a value
 * that goes through dyn, which may convert when it runs.
 */
const FAILS_WHEN_RUN = new Set(['no_such_key', 'unknown_field', 'unknown_type']);

// An operator with no overload fails at run time only where the values' own types have none:
// cel-go dispatches on them, so `==`, `!=` and `in` across types are false, a list concatenation
// of other element types works, and numbers of different types compare (cel-go
// common/types, k8s enables cross-type numeric comparisons). What is left: scalars of
// different types under arithmetic, or of a type the operator does not take.
const BINARY = /^no such overload: (\w+) (\+|-|\*|\/|%|<|<=|>|>=) (\w+)$/;
const UNARY = /^no such overload: (-|!)(\w+)$/;
const SCALARS = new Set(['int', 'uint', 'double', 'string', 'bytes', 'bool', 'timestamp', 'duration']);
const NUMBERS = new Set(['int', 'uint', 'double']);
const ORDERING = new Set(['<', '<=', '>', '>=']);

/** Whether this issue of the schema-typed compile is a run-time failure of that part of the expression. */
export function failsWhenRun(issue: CelIssue): boolean {
  if (FAILS_WHEN_RUN.has(issue.code)) return true;
  if (issue.code !== 'no_such_overload') return false;
  const unary = UNARY.exec(issue.message);
  if (unary) return SCALARS.has(unary[2] as string);
  const binary = BINARY.exec(issue.message);
  if (!binary) return false;
  const [, left, op, right] = binary as unknown as [string, string, string, string];
  if (!SCALARS.has(left) || !SCALARS.has(right)) return false;
  return !(ORDERING.has(op) && NUMBERS.has(left) && NUMBERS.has(right));
}

// Macros whose later arguments run per element (none for an empty list), and has(), which
// tests a field instead of reading it.
const PER_ELEMENT = new Set([
  'all',
  'exists',
  'exists_one',
  'existsOne',
  'map',
  'filter',
  'sortBy',
  'transformList',
  'transformMap',
  'transformMapEntry',
]);

interface Group {
  /** The identifier before `(`, when the group is a call's arguments. */
  callee: string | undefined;
  /** Commas of this group before the segment in question, to tell a macro's receiver side from its body. */
  commas: number;
  /** Whether a `&&`, `||` or ternary `?` stands in the comma-separated segment in question. */
  guarded: boolean;
  /** The segment in question has ended (a later comma of the group): later guards do not count. */
  ended: boolean;
}

const OPEN = new Set(['(', '[', '{']);
const CLOSE = new Set([')', ']', '}']);

/**
 * Whether the characters at `at` are evaluated on every run of the expression: not in a branch
 * of `? :`, an operand of `&&` or `||` (CEL absorbs an error when the other side decides), the body
 * of a comprehension macro, or the argument of has(). Read from the tokens, conservatively: a
 * guard anywhere in a comma-separated segment that encloses `at` counts, before or after it.
 */
export function evaluatedOnEveryRun(expression: string, at: number): boolean {
  const tokens = celTokensOf(expression)?.filter((t) => t.kind !== 'eof');
  if (!tokens) return false;
  const text = (t: CelToken | undefined): string => (t ? (t.kind === 'punct' ? t.text : expression.slice(t.start, t.end)) : '');
  const isGuard = (i: number): boolean => {
    const s = text(tokens[i]);
    // `.?` and `[?` select optionally; only a `?` elsewhere is a ternary.
    return s === '&&' || s === '||' || (s === '?' && !['.', '['].includes(text(tokens[i - 1])));
  };
  // The groups enclosing `at`, outermost first; the whole expression is the first.
  const stack: Group[] = [{ callee: undefined, commas: 0, guarded: false, ended: false }];
  let i = 0;
  for (; i < tokens.length && (tokens[i] as CelToken).start < at; i++) {
    const s = text(tokens[i]);
    const group = stack[stack.length - 1] as Group;
    if (OPEN.has(s))
      stack.push({
        callee: s === '(' && tokens[i - 1]?.kind === 'ident' ? text(tokens[i - 1]) : undefined,
        commas: 0,
        guarded: false,
        ended: false,
      });
    else if (CLOSE.has(s)) {
      if (stack.length > 1) stack.pop();
    } else if (s === ',') {
      group.commas++;
      group.guarded = false;
    } else if (isGuard(i)) group.guarded = true;
  }
  if (stack.some(bodyOfMacro)) return false;
  // The rest of each enclosing segment, after `at`: groups opened here do not enclose it.
  let level = stack.length - 1;
  let inner = 0;
  for (; i < tokens.length && level >= 0; i++) {
    const s = text(tokens[i]);
    const group = stack[level] as Group;
    if (OPEN.has(s)) inner++;
    else if (CLOSE.has(s)) {
      if (inner > 0) inner--;
      else level--;
    } else if (inner === 0 && s === ',') group.ended = true;
    else if (inner === 0 && !group.ended && isGuard(i)) group.guarded = true;
  }
  return !stack.some((g) => g.guarded);
}

function bodyOfMacro(group: Group): boolean {
  if (group.callee === 'has') return true;
  return group.callee !== undefined && PER_ELEMENT.has(group.callee) && group.commas > 0;
}
