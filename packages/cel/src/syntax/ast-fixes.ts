// Repairs of the base library's parse tree before type-checking, where its checker or its
// built-in functions differ from the platform's CEL. Each repair has a cheap text test so
// that most expressions skip the tree walk.
import type { ASTNode } from '@marcbachmann/cel-js';

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

/** Whether `repairTree` may change anything in an expression. */
export function mayNeedRepair(expression: string): boolean {
  return MAY_CONCAT_EMPTY_LIST.test(expression) || MAY_CALL_RENAMED.test(expression);
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
      if (node.op === '+') swapEmptyListConcatenation(node, args as ASTNode[]);
      else if (node.op === 'rcall' && Array.isArray(args[2])) renameCall(args, args[2].length === 0 ? methods : methods === SPEC_FORMAT_METHODS ? FORMAT_ONLY : NOTHING);
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

const FORMAT_ONLY: Readonly<Record<string, string>> = { format: '__formatSpec' };
const NOTHING: Readonly<Record<string, string>> = {};

function renameCall(args: unknown[], names: Readonly<Record<string, string>>): void {
  const name = args[0];
  if (typeof name === 'string' && Object.hasOwn(names, name)) args[0] = names[name];
}
