// What the API server does to a custom resource before validating it: a null where the schema
// does not allow one is replaced by the field's default or dropped, and absent fields with a
// default get it (upstream apiextensions-apiserver pkg/apiserver/schema/defaulting,
// algorithm.go Default and prunenulls.go PruneNonNullableNullsWithoutDefaults). Defaults go
// into defaulted values too, so a defaulted object gets its own fields' defaults.
import type { SchemaNode } from '../schema/tree.js';

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value as the server validates and stores it; the input is left as it is (copied where changed). */
export function defaultedValue(schema: SchemaNode, value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = schema.items;
    if (!items) return value;
    let changed = false;
    const out = value.map((item) => {
      const next = defaultedValue(items, item);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  if (!isJson(value)) return value;
  let out: Json | undefined;
  const set = (key: string, next: unknown): void => {
    out ??= { ...value };
    if (next === undefined) delete out[key];
    else out[key] = next;
  };
  for (const [key, field] of Object.entries(schema.properties ?? {})) {
    const current = Object.hasOwn(value, key) ? value[key] : undefined;
    const absent = !Object.hasOwn(value, key);
    const unwantedNull = current === null && !field.nullable;
    if ((absent || unwantedNull) && field.default !== undefined) set(key, defaultedValue(field, structuredClone(field.default)));
    else if (unwantedNull) set(key, undefined);
    else if (!absent) {
      const next = defaultedValue(field, current);
      if (next !== current) set(key, next);
    }
  }
  const values = schema.additionalProperties;
  if (values && !schema.properties) {
    for (const [key, current] of Object.entries(value)) {
      if (current === null && !values.nullable)
        set(key, values.default !== undefined ? structuredClone(values.default) : undefined);
      else {
        const next = defaultedValue(values, current);
        if (next !== current) set(key, next);
      }
    }
  }
  return out ?? value;
}
