// Compile-time checks of literal arguments the platform makes and the base checker does
// not: duration and timestamp literals, format strings of `string.format` with a literal
// argument list, and the element types `sum`, `min` and `max` accept. Run on the checked
// tree; each finding points at the offending literal.
import type { ASTNode, TypeDeclaration } from '@marcbachmann/cel-js';
import { parseDuration } from '@platlint/core/values';
import { scanFormat } from './format.js';

export interface LiteralIssue {
  code: string;
  message: string;
  node: ASTNode;
}

const MAY_CALL_CHECKED = /\b(?:duration|timestamp|format|sum|min|max)\s*\(/;

/** Text test: whether an expression may hold something `literalIssue` checks. */
export function mayCheckLiterals(expression: string): boolean {
  return MAY_CALL_CHECKED.test(expression) || (expression.includes(',') && /[[{]/.test(expression));
}

const SUMMABLE = new Set(['int', 'uint', 'double', 'google.protobuf.Duration', 'dyn']);
const COMPARABLE = new Set([...SUMMABLE, 'bool', 'string', 'bytes', 'google.protobuf.Timestamp']);
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;
const MAX_DURATION_SECONDS = 315_576_000_000n;

function stringLiteral(node: unknown): string | undefined {
  const n = node as ASTNode | undefined;
  return n && n.op === 'value' && typeof n.args === 'string' ? (n.args as string) : undefined;
}

function validTimestamp(s: string): boolean {
  const m = RFC3339.exec(s);
  if (!m) return false;
  const [, y, mo, d, h, mi, sec, oh, om] = m.map(Number) as number[];
  if (!y || (mo as number) < 1 || (mo as number) > 12 || (d as number) < 1) return false;
  if ((d as number) > new Date(Date.UTC(y, mo as number, 0)).getUTCDate()) return false;
  if ((h as number) > 23 || (mi as number) > 59 || (sec as number) > 59) return false;
  return oh === undefined || Number.isNaN(oh) || ((oh as number) < 24 && (om as number) < 60);
}

function checkCall(name: string, args: ASTNode[], node: ASTNode): LiteralIssue | null {
  const lit = stringLiteral(args[0]);
  if (lit === undefined || args.length !== 1) return null;
  if (name === 'duration' || name === '__duration') {
    const nanos = parseDuration(lit);
    if (nanos === undefined) return { code: 'invalid_argument', message: `invalid duration "${lit}"`, node: args[0] as ASTNode };
    const seconds = nanos / 1_000_000_000n;
    if (seconds > MAX_DURATION_SECONDS || seconds < -MAX_DURATION_SECONDS)
      return { code: 'invalid_argument', message: `duration "${lit}" is out of range`, node: args[0] as ASTNode };
  }
  if (name === 'timestamp' && !validTimestamp(lit)) {
    return {
      code: 'invalid_argument',
      message: `invalid timestamp "${lit}": expected RFC 3339, such as 2024-01-02T15:04:05Z`,
      node: args[0] as ASTNode,
    };
  }
  void node;
  return null;
}

function checkMethod(name: string, receiver: ASTNode, args: ASTNode[], node: ASTNode): LiteralIssue | null {
  if (name === 'format' && args.length === 1) {
    const template = stringLiteral(receiver);
    const list = args[0] as ASTNode;
    if (template === undefined) return null;
    const scanned = scanFormat(template);
    if ('problem' in scanned) return { code: 'invalid_argument', message: `format string: ${scanned.problem}`, node: receiver };
    if (list.op === 'list') {
      const elements = list.args as unknown as ASTNode[];
      const given = elements.length;
      const wanted = scanned.verbs.length;
      if (given !== wanted) {
        return {
          code: 'invalid_argument',
          message: `format string takes ${wanted} argument${wanted === 1 ? '' : 's'}, the list has ${given}`,
          node: list,
        };
      }
      for (let i = 0; i < wanted; i++) {
        const bad = clauseIssue(scanned.verbs[i] as string, elements[i] as ASTNode);
        if (bad) return bad;
      }
    }
    return null;
  }
  if ((name === 'sum' || name === 'min' || name === 'max') && args.length === 0) {
    const t = (receiver as ASTNode & { checkedType?: TypeDeclaration }).checkedType;
    const elem = t?.kind === 'list' ? t.valueType : undefined;
    if (!elem || elem.kind === 'dyn' || elem.kind === 'param') return null;
    const allowed = name === 'sum' ? SUMMABLE : COMPARABLE;
    if (!allowed.has(elem.name)) {
      const what =
        name === 'sum'
          ? 'int, uint, double or duration'
          : 'comparable values (numbers, strings, bytes, bools, durations, timestamps)';
      return { code: 'no_matching_overload', message: `${name}() needs a list of ${what}, got ${t?.name}`, node };
    }
  }
  return null;
}

type Typed = ASTNode & { checkedType?: TypeDeclaration };

// From release 1.29 the platform validates literals with type equivalence: the same kind
// and name, parameters alike (any two type parameters match), so `[1, dyn("a")]` is refused
// and only all-dyn literals mix values. Before, its checker only required assignability
// (dyn or a type parameter on either side).
function equivalent(a: TypeDeclaration, b: TypeDeclaration): boolean {
  if (a === b) return true;
  // A type parameter is an empty literal's element (`[[1], []]`), which the platform's
  // checker resolves to the other elements' type.
  if (a.kind === 'param' || b.kind === 'param') return true;
  if (a.kind !== b.kind) return false;
  if (a.kind === 'list' || a.kind === 'optional') return !a.valueType || !b.valueType || equivalent(a.valueType, b.valueType);
  if (a.kind === 'map')
    return (
      (!a.keyType || !b.keyType || equivalent(a.keyType, b.keyType)) &&
      (!a.valueType || !b.valueType || equivalent(a.valueType, b.valueType))
    );
  return a.name === b.name;
}

function assignable(a: TypeDeclaration, b: TypeDeclaration): boolean {
  if (a === b || a.name === b.name) return true;
  if (a.kind === 'dyn' || b.kind === 'dyn' || a.kind === 'param' || b.kind === 'param') return true;
  if (a.kind !== b.kind) return a.name === 'null' ? b.kind === 'message' : b.name === 'null' && a.kind === 'message';
  if (a.kind === 'list' || a.kind === 'optional') return !a.valueType || !b.valueType || assignable(a.valueType, b.valueType);
  if (a.kind === 'map') {
    return (
      (!a.keyType || !b.keyType || assignable(a.keyType, b.keyType)) &&
      (!a.valueType || !b.valueType || assignable(a.valueType, b.valueType))
    );
  }
  return false;
}

type Same = (a: TypeDeclaration, b: TypeDeclaration) => boolean;

// The platform refuses list and map literals whose elements, keys or values have
// different types (homogeneous aggregate literals).
function mixedElement(nodes: ASTNode[], what: string, same: Same): LiteralIssue | null {
  let first: TypeDeclaration | undefined;
  for (const n of nodes) {
    const t = (n as Typed).checkedType;
    if (!t) return null;
    if (!first) {
      first = t;
      continue;
    }
    if (!same(first, t)) {
      const hint = same === equivalent ? ' (wrap every element in dyn() to mix types)' : '';
      return {
        code: 'heterogeneous_literal',
        message: `${what} of a literal must have one type: ${first.name} and ${t.name} are mixed${hint}`,
        node: n,
      };
    }
  }
  return null;
}

function homogeneity(node: ASTNode, same: Same): LiteralIssue | null {
  const args = node.args as unknown;
  // A literal the checker never typed is the body of a construction or of an optional
  // literal; those check their entries themselves.
  if (!Array.isArray(args) || args.length < 2 || !(node as Typed).checkedType) return null;
  if (node.op === 'list') return mixedElement(args as ASTNode[], 'elements', same);
  if (node.op === 'map') {
    const pairs = args as [ASTNode, ASTNode][];
    return (
      mixedElement(
        pairs.map((p) => p[0]),
        'keys',
        same,
      ) ??
      mixedElement(
        pairs.map((p) => p[1]),
        'values',
        same,
      )
    );
  }
  return null;
}

// The argument types each clause of a literal format string takes (dyn always passes).
const CLAUSE_TYPES: Record<string, readonly string[]> = {
  d: ['int', 'uint'],
  o: ['int', 'uint'],
  b: ['int', 'uint', 'bool'],
  x: ['int', 'uint', 'string', 'bytes'],
  X: ['int', 'uint', 'string', 'bytes'],
  f: ['double', 'string'],
  e: ['double', 'string'],
};
const STRING_CLAUSE_KINDS = new Set(['list', 'map']);
const STRING_CLAUSE_TYPES = new Set([
  'int',
  'uint',
  'double',
  'bool',
  'string',
  'google.protobuf.Timestamp',
  'bytes',
  'google.protobuf.Duration',
  'type',
  'null',
]);

function formatsAsString(node: ASTNode): ASTNode | null {
  const t = (node as Typed).checkedType;
  if (!t || t.kind === 'dyn' || t.kind === 'param') return null;
  if (!STRING_CLAUSE_KINDS.has(t.kind) && !STRING_CLAUSE_TYPES.has(t.name)) return node;
  const args = node.args as unknown;
  if (node.op === 'list' && Array.isArray(args)) {
    for (const e of args as ASTNode[]) {
      const bad = formatsAsString(e);
      if (bad) return bad;
    }
  }
  if (node.op === 'map' && Array.isArray(args)) {
    for (const [k, v] of args as [ASTNode, ASTNode][]) {
      const bad = formatsAsString(k) ?? formatsAsString(v);
      if (bad) return bad;
    }
  }
  return null;
}

function clauseIssue(verb: string, arg: ASTNode): LiteralIssue | null {
  if (verb === 's') {
    const bad = formatsAsString(arg);
    return bad
      ? { code: 'invalid_argument', message: `%s cannot format a value of type ${(bad as Typed).checkedType?.name}`, node: bad }
      : null;
  }
  const t = (arg as Typed).checkedType;
  const allowed = CLAUSE_TYPES[verb];
  if (!t || !allowed || t.kind === 'dyn' || t.kind === 'param' || allowed.includes(t.name)) return null;
  return { code: 'invalid_argument', message: `%${verb} takes ${allowed.join(', ')}, got ${t.name}`, node: arg };
}

/** The first literal the platform would refuse at compile time, if any. */
export function literalIssue(root: ASTNode, options: { validateLiterals?: boolean } = {}): LiteralIssue | null {
  const validate = options.validateLiterals !== false;
  const same = validate ? equivalent : assignable;
  // Literals anywhere inside a `format(...)` call are exempt from homogeneity (the
  // platform's format validator asks for that): `"%s: %d".format(["a", 1])`.
  const exempt = new WeakSet<object>();
  const stack: unknown[] = [root];
  while (stack.length) {
    const n = stack.pop();
    if (Array.isArray(n)) {
      for (let i = n.length - 1; i >= 0; i--) stack.push(n[i]);
      continue;
    }
    if (!n || typeof n !== 'object' || !('op' in n)) continue;
    const node = n as ASTNode;
    const args = node.args as unknown;
    if (exempt.has(node) && args && typeof args === 'object')
      for (const c of Array.isArray(args) ? args.flat() : [args]) if (c && typeof c === 'object') exempt.add(c);
    if (node.op === 'rcall' && Array.isArray(args) && args[0] === 'format')
      for (const c of (args[2] as ASTNode[]) ?? []) exempt.add(c);
    if (Array.isArray(args)) {
      let found: LiteralIssue | null = null;
      if (!validate) {
        // Before the release that validates literals, only homogeneity is checked.
      } else if (node.op === 'call' && typeof args[0] === 'string' && Array.isArray(args[1]))
        found = checkCall(args[0], args[1] as ASTNode[], node);
      else if (node.op === 'rcall' && typeof args[0] === 'string' && Array.isArray(args[2]))
        found = checkMethod(args[0], args[1] as ASTNode, args[2] as ASTNode[], node);
      if (!found && (node.op === 'list' || node.op === 'map') && !exempt.has(node)) found = homogeneity(node, same);
      if (found) return found;
    }
    if (args && typeof args === 'object') stack.push(args);
  }
  return null;
}
