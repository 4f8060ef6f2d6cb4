// After a JSON patch the API server decodes a built-in kind strictly: a field the type does
// not declare is an internal error, and so is a value its Go type
// cannot hold (upstream mutating/patch/json_patch.go, jsonPatcher.Patch: the patched JSON
// goes through the strict JSON serializer's Decode into the typed object). Custom resources
// decode loosely, so this is only asked for catalog kinds.
import { formatPath, newTypeMismatches, type SchemaNode } from '@platlint/core';
import { isObject, type Json } from '../json.js';

function walk(value: Json | undefined, node: SchemaNode | undefined, path: string, out: Set<string>): void {
  if (!node || node['x-kubernetes-preserve-unknown-fields']) return;
  if (Array.isArray(value)) {
    value.forEach((item) => walk(item, node.items, path, out));
    return;
  }
  if (!isObject(value)) return;
  const props = node.properties;
  if (props && Object.keys(props).length > 0) {
    for (const [key, child] of Object.entries(value)) {
      const sub = Object.hasOwn(props, key) ? props[key] : undefined;
      const at = path ? `${path}.${key}` : key;
      if (!sub) out.add(at);
      else walk(child, sub, at, out);
    }
    return;
  }
  if (node.additionalProperties)
    for (const [key, child] of Object.entries(value)) walk(child, node.additionalProperties, path ? `${path}.${key}` : key, out);
}

// Like walk, over `after` only where it is not the very same value as `before` at the same
// place: a shared subtree (patches copy only what they change) yields the same paths in
// both, so it cannot hold a new unknown field. Usually nothing is found and `before` need
// not be walked at all. Shared members are skipped before their path is built: along a
// patched path most members are.
// `path` leaves list indexes out (it is compared with what `before` had, wherever an item
// moved); `shown` has them, as the platform's decoder names the field.
function walkChanged(
  before: Json | undefined,
  after: Json | undefined,
  node: SchemaNode | undefined,
  path: string,
  shown: string,
  out: Map<string, string>,
): void {
  if (before === after) return;
  if (!node || node['x-kubernetes-preserve-unknown-fields']) return;
  if (Array.isArray(after)) {
    const old = Array.isArray(before) ? before : undefined;
    after.forEach((item, i) => walkChanged(old?.[i], item, node.items, path, `${shown}[${i}]`, out));
    return;
  }
  if (!isObject(after)) return;
  const old = isObject(before) ? before : undefined;
  const props = node.properties;
  const struct = props !== undefined && hasMembers(props);
  const values = struct ? undefined : node.additionalProperties;
  if (!struct && !values) return;
  // for-in: no copy of the key list (JSON objects inherit nothing enumerable).
  for (const key in after) {
    const child = after[key] as Json;
    const previous = old && Object.hasOwn(old, key) ? old[key] : undefined;
    if (previous === child) continue;
    const at = path ? `${path}.${key}` : key;
    const shownAt = shown ? `${shown}.${key}` : key;
    if (!struct) {
      walkChanged(previous, child, values, at, shownAt, out);
      continue;
    }
    // Own members only: a field named like an Object.prototype member is not declared by it.
    const sub = Object.hasOwn(props, key) ? props[key] : undefined;
    if (!sub) out.set(shownAt, at);
    else walkChanged(previous, child, sub, at, shownAt, out);
  }
}

function hasMembers(o: object): boolean {
  for (const key in o) if (Object.hasOwn(o, key)) return true;
  return false;
}

/** Undeclared fields of `after` that `before` did not already have, with list indexes. */
export function newUnknownFields(before: Json | undefined, after: Json, schema: SchemaNode): string[] {
  const has = new Map<string, string>();
  walkChanged(before, after, schema, '', '', has);
  if (has.size === 0) return [];
  const had = new Set<string>();
  walk(before, schema, '', had);
  return [...has].filter(([, p]) => !had.has(p)).map(([shown]) => shown);
}

/**
 * Values of `after` the decoder cannot read into the kind's types (a string for an integer, a
 * mapping for a label value, an integer beyond its width), that `before` did not already
 * hold: each as `"field" problem`. Core's structural validation says what the types are.
 */
export function newMistypedFields(before: Json | undefined, after: Json, schema: SchemaNode): string[] {
  return newTypeMismatches(schema, before, after).map((f) => `"${formatPath(f.path)}" ${f.message}`);
}
