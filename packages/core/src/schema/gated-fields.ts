import type { FieldPath } from '../source/field-path.js';
import { getOwn } from '../source/own-property.js';
import { mayHold } from './reach.js';
import { fieldSchema, platlintInfo, type SchemaNode } from './tree.js';

/** A field of an object that exists only behind feature gates. */
export interface GatedField {
  path: FieldPath;
  gates: readonly string[];
  /** The server refuses the object while a gate is off (rather than dropping the field). */
  refused: boolean;
}

/**
 * Walks a value alongside its schema and lists every field that exists only behind a feature
 * gate. The gates come from the schema tree (the reference's markers and the spec overlay), so
 * there is no second list. Subtrees whose schema holds no gated field are not entered: the walk
 * runs on every object of a run.
 */
export function gatedFieldsIn(value: unknown, node: SchemaNode): readonly GatedField[] {
  if (value === null || typeof value !== 'object') return [];
  // The drop stage (lint/drop-gated.ts) and feature-gate/gated-field ask about the same object:
  // walk it once. Lint values are not mutated, so the answer holds for the value's life.
  let bySchema = walked.get(value);
  if (!bySchema) walked.set(value, (bySchema = new WeakMap()));
  let found = bySchema.get(node);
  if (!found) bySchema.set(node, (found = collect(value, node, [], [])));
  return found;
}

const walked = new WeakMap<object, WeakMap<SchemaNode, readonly GatedField[]>>();

function collect(value: unknown, node: SchemaNode, path: FieldPath, found: GatedField[]): GatedField[] {
  if (value === null || typeof value !== 'object') return found;
  if (Array.isArray(value)) {
    if (node.items && mayHold(node.items, isGated))
      for (let i = 0; i < value.length; i++) collect(value[i], node.items, [...path, i], found);
    return found;
  }
  // Keys, not entries, and no path array per key: the walk runs on every object of a run.
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const childNode = fieldSchema(node, key);
    if (!childNode) continue;
    const info = platlintInfo(childNode);
    if (info.featureGates?.length && node.properties && getOwn(node.properties, key))
      found.push({ path: [...path, key], gates: info.featureGates, refused: info.gateOff === 'refused' });
    if (mayHold(childNode, isGated)) collect(record[key], childNode, [...path, key], found);
  }
  return found;
}

function isGated(node: SchemaNode): boolean {
  return Boolean(platlintInfo(node).featureGates?.length);
}
