import type { SchemaNode } from './tree.js';

const memo = new WeakMap<(node: SchemaNode) => boolean, WeakMap<SchemaNode, boolean>>();

/**
 * Whether a value described by `node` may hold, at some depth below it, a value whose node
 * passes `test`. Rules that walk an object alongside its schema in search of a few types
 * (object metadata, gated fields) skip the subtrees that cannot hold them, such as a pod's
 * containers: most of an object. Answers are remembered per test and node, so pass the same
 * function each time. A recursive type counts as "may hold" where it loops back: a subtree
 * is never skipped wrongly, at worst walked for nothing.
 */
export function mayHold(node: SchemaNode, test: (node: SchemaNode) => boolean): boolean {
  let known = memo.get(test);
  if (!known) memo.set(test, (known = new WeakMap()));
  // Answered from memory without a set of open nodes: the walks ask at every field they meet.
  return known.get(node) ?? reaches(node, test, known, new Set());
}

function reaches(
  node: SchemaNode,
  test: (node: SchemaNode) => boolean,
  known: WeakMap<SchemaNode, boolean>,
  open: Set<SchemaNode>,
): boolean {
  const remembered = known.get(node);
  if (remembered !== undefined) return remembered;
  if (open.has(node)) return true;
  open.add(node);
  const children = [
    ...Object.values(node.properties ?? {}),
    ...(node.additionalProperties ? [node.additionalProperties] : []),
    ...(node.items ? [node.items] : []),
  ];
  const answer = children.some((child) => test(child) || reaches(child, test, known, open));
  open.delete(node);
  known.set(node, answer);
  return answer;
}
