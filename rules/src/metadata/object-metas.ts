import { isJsonObject, platlintInfo, schemaAt } from '@platlint/core';
import type { FieldPath, SchemaNode } from '@platlint/core';

/** The mapping guard of core, for the rules of this area. */
export { isJsonObject };

export type Obj = Record<string, unknown>;

/** Object metadata: the object's own, and that of every pod template it holds. */
export const OBJECT_META = 'meta/v1.ObjectMeta';
export const LABEL_SELECTOR = 'meta/v1.LabelSelector';
/** A pod spec: its `nodeSelector` is a label set too. */
export const POD_SPEC = 'core/v1.PodSpec';

/**
 * Walks an object alongside its schema and yields every mapping whose schema type is one of
 * `typeIds`, wherever the kind nests it (the schema tree says which values are of those types),
 * outer values before the values nested in them.
 */
export function* valuesOfTypes(value: unknown, node: SchemaNode | undefined, typeIds: readonly string[], path: FieldPath = []): Generator<{ type: string; value: Obj; path: FieldPath }> {
  if (!node || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* valuesOfTypes(value[i], node.items, typeIds, [...path, i]);
    return;
  }
  const typeId = platlintInfo(node).typeId;
  if (typeId !== undefined && typeIds.includes(typeId)) {
    yield { type: typeId, value: value as Obj, path };
  }
  for (const [key, child] of Object.entries(value)) {
    yield* valuesOfTypes(child, schemaAt(node, [key]), typeIds, [...path, key]);
  }
}
