import { fieldSchema, mayHold, platlintInfo } from '@platlint/core';
import type { FieldPath, SchemaNode } from '@platlint/core';
import type { Obj } from '../kit/objects.js';

/** Object metadata: the object's own, and that of every pod template it holds. */
export const OBJECT_META_TYPE = 'meta/v1.ObjectMeta';
export const LABEL_SELECTOR_TYPE = 'meta/v1.LabelSelector';
/** A pod spec: its `nodeSelector` is a label set too. */
export const POD_SPEC_TYPE = 'core/v1.PodSpec';

/** A holder of one of the types sought, with its type and place. */
export interface TypedValue {
  type: string;
  value: Obj;
  path: FieldPath;
}

/**
 * Walks an object alongside its schema and lists every mapping whose schema type is one of
 * `typeIds`, wherever the kind nests it (the schema tree says which values are of those types),
 * outer values before the values nested in them. Subtrees whose schema cannot hold such a
 * type (a pod's containers) are not entered: the walk runs on every object of a run.
 */
export function valuesOfTypes(value: unknown, node: SchemaNode | undefined, typeIds: readonly string[]): TypedValue[] {
  const found: TypedValue[] = [];
  const test = typeTest(typeIds);
  const worthEntering = (child: SchemaNode | undefined): child is SchemaNode =>
    child !== undefined && (test(child) || mayHold(child, test));
  const walk = (value: unknown, node: SchemaNode, path: FieldPath): void => {
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      if (worthEntering(node.items)) for (let i = 0; i < value.length; i++) walk(value[i], node.items, [...path, i]);
      return;
    }
    const typeId = platlintInfo(node).typeId;
    if (typeId !== undefined && typeIds.includes(typeId)) found.push({ type: typeId, value: value as Obj, path });
    for (const key of Object.keys(value)) {
      const child = fieldSchema(node, key);
      if (worthEntering(child)) walk((value as Obj)[key], child, [...path, key]);
    }
  };
  if (node) walk(value, node, []);
  return found;
}

const typeTests = new Map<string, (node: SchemaNode) => boolean>();

/** One test function per set of types, so that mayHold remembers its answers across objects. */
function typeTest(typeIds: readonly string[]): (node: SchemaNode) => boolean {
  const key = typeIds.join('\u0000');
  let test = typeTests.get(key);
  if (!test) {
    test = (node) => {
      const typeId = platlintInfo(node).typeId;
      return typeId !== undefined && typeIds.includes(typeId);
    };
    typeTests.set(key, test);
  }
  return test;
}
