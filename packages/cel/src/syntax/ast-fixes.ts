// Repairs of the base library's parse tree before type-checking, where its checker or its
// built-in functions differ from the platform's CEL. Each repair has a cheap text test so
// that most expressions skip the tree walk.
import type { ASTNode } from '@marcbachmann/cel-js';
import { celMapFromEntries } from '../values.js';

/** Built-ins whose base behaviour differs, renamed to our functions of the same signature. */
const RENAMED_METHODS: Readonly<Record<string, string>> = {
  trim: '__trim',
  lowerAscii: '__lowerAscii',
  upperAscii: '__upperAscii',
};
const RENAMED_FUNCTIONS: Readonly<Record<string, string>> = {
  duration: '__duration',
};

/** With `celSpecFormat`, `format` is cel-go's newer formatter, which the cel-spec data expects. */
const SPEC_FORMAT_METHODS: Readonly<Record<string, string>> = { ...RENAMED_METHODS, format: '__formatSpec' };

const MAY_CONCAT_EMPTY_LIST = /\[\s*\]\s*\+/;
const MAY_CALL_RENAMED = /\b(?:trim|lowerAscii|upperAscii|duration|format)\s*\(/;
const MAY_BUILD_MAP = /\{/;

/** Whether `repairTree` may change anything in an expression. */
export function mayNeedRepair(expression: string): boolean {
  return MAY_CONCAT_EMPTY_LIST.test(expression) || MAY_CALL_RENAMED.test(expression) || MAY_BUILD_MAP.test(expression);
}

type Node = ASTNode & { args: unknown };

export function repairTree(root: ASTNode, options: { celSpecFormat?: boolean } = {}): void {
  const methods = options.celSpecFormat ? SPEC_FORMAT_METHODS : RENAMED_METHODS;
  const stack: unknown[] = [root];
  while (stack.length) {
    const n = stack.pop();
    if (Array.isArray(n)) {
      for (const c of n) stack.push(c);
      continue;
    }
    if (!n || typeof n !== 'object' || !('op' in n)) continue;
    const node = n as Node;
    const args = node.args;
    if (Array.isArray(args)) {
      if (node.op === 'map') keepEveryMapKey(node, args);
      else if (node.op === '+') swapEmptyListConcatenation(node, args as ASTNode[]);
      else if (node.op === 'rcall' && Array.isArray(args[2]))
        renameCall(args, args[2].length === 0 ? methods : methods === SPEC_FORMAT_METHODS ? FORMAT_ONLY : NOTHING);
      else if (node.op === 'call') renameCall(args, RENAMED_FUNCTIONS);
    }
    if (args && typeof args === 'object') stack.push(args);
  }
}

// `[] + typed` is typed `list<T>` by the base checker (the empty literal's placeholder
// binds first and is never resolved), so `[] + [JSONPatch{...}]` loses its element type
// and indexing it fails to type-check. `x + []` is typed correctly and gives the same
// value, so the operands are swapped.
function swapEmptyListConcatenation(node: Node, args: ASTNode[]): void {
  const [left, right] = args as [ASTNode, ASTNode];
  if (left.op === 'list' && Array.isArray(left.args) && left.args.length === 0) node.args = [right, left] as never;
}

// The base library builds a map literal as a plain object and silently drops the keys
// `__proto__`, `constructor` and `prototype` (they would break a plain object), so
// `{"__proto__": "x"}` written by a policy would vanish from the object it patches. The
// literal's evaluation is replaced by one that keeps every key (values.ts says how). The
// hook is the node's `setMeta` (not in the base library's typings; its checker uses it
// the same way for empty literals); values.test.ts fails if it stops taking effect.
type Evaluate = (ev: { run(node: ASTNode, scope: unknown): unknown }, node: Node, scope: unknown) => unknown;
type MapLiteralNode = Node & { setMeta(key: 'evaluate', value: Evaluate): unknown };

const evaluateMapLiteral: Evaluate = (ev, node, scope) => {
  const entries = (node.args as [ASTNode, ASTNode][]).map(([k, v]): [unknown, unknown] => [ev.run(k, scope), ev.run(v, scope)]);
  if (entries.some(([k, v]) => k instanceof Promise || v instanceof Promise)) {
    return Promise.all(entries.map((e) => Promise.all(e))).then(celMapFromEntries);
  }
  return celMapFromEntries(entries);
};

function keepEveryMapKey(node: Node, entries: unknown[]): void {
  if (entries.length > 0) (node as MapLiteralNode).setMeta('evaluate', evaluateMapLiteral);
}

const FORMAT_ONLY: Readonly<Record<string, string>> = { format: '__formatSpec' };
const NOTHING: Readonly<Record<string, string>> = {};

function renameCall(args: unknown[], names: Readonly<Record<string, string>>): void {
  const name = args[0];
  if (typeof name === 'string' && Object.hasOwn(names, name)) args[0] = names[name];
}
