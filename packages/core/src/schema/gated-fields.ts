import type { FieldPath } from '../source/field-path.js';
import { mayHold } from './reach.js';
import { platlintInfo, type SchemaNode } from './tree.js';
import { WalkMemo } from './walk-memo.js';

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
  // The drop stage (lint/drop-gated.ts) and feature-gate/gated-field ask about the same object.
  return walked.answer(value, node, collectAll);
}

const walked = new WalkMemo<readonly GatedField[]>();

function collectAll(value: object, node: SchemaNode): GatedField[] {
  return collect(value, node, [], NONE_FOUND);
}

/**
 * The answer for most objects, one shared list (frozen: callers only read it). A walk makes a
 * list of its own at the first gated field it finds.
 */
const NONE_FOUND = Object.freeze([]) as unknown as GatedField[];

function collect(value: unknown, node: SchemaNode, at: (string | number)[], found: GatedField[]): GatedField[] {
  if (value === null || typeof value !== 'object') return found;
  const step = stepAt(node);
  if (Array.isArray(value)) {
    if (step.items)
      for (let i = 0; i < value.length; i++) {
        at.push(i);
        found = collect(value[i], step.items, at, found);
        at.pop();
      }
    return found;
  }
  if (!step.anyField) return found;
  // The walk runs on every object of a run: for...in rather than a key array (lint values are
  // plain objects, so it lists their own keys), and one path for the whole walk, grown and
  // shrunk as it goes and copied only for a gated field.
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const named = step.fields.get(key);
    const field = named === undefined ? step.otherFields : named;
    if (!field) continue;
    at.push(key);
    if (field.gated) {
      if (found === NONE_FOUND) found = [];
      found.push({ path: at.slice(), gates: field.gated.gates, refused: field.gated.refused });
    }
    if (field.enter) found = collect(record[key], field.node, at, found);
    at.pop();
  }
  return found;
}

/** What the walk does with one field of a mapping: report it as gated, enter it, or both. */
interface FieldStep {
  node: SchemaNode;
  gated: { gates: readonly string[]; refused: boolean } | undefined;
  enter: boolean;
}

/** What the walk does at a schema node, worked out once per node instead of at every value. */
interface NodeStep {
  /** The node's own properties (null: nothing to do there)... */
  fields: ReadonlyMap<string, FieldStep | null>;
  /** ...and every other key of the mapping. */
  otherFields: FieldStep | undefined;
  items: SchemaNode | undefined;
  anyField: boolean;
}

const steps = new WeakMap<SchemaNode, NodeStep>();

function stepAt(node: SchemaNode): NodeStep {
  let step = steps.get(node);
  if (!step) {
    // A field is gated only as a named property; an additional property is entered, never gated itself.
    const fieldStep = (child: SchemaNode, named: boolean): FieldStep | undefined => {
      const info = platlintInfo(child);
      const gated =
        named && info.featureGates?.length ? { gates: info.featureGates, refused: info.gateOff === 'refused' } : undefined;
      const enter = mayHold(child, isGated);
      return gated || enter ? { node: child, gated, enter } : undefined;
    };
    const fields = new Map<string, FieldStep | null>();
    for (const [name, child] of Object.entries(node.properties ?? {}))
      if (child !== undefined) fields.set(name, fieldStep(child, true) ?? null);
    const otherFields = node.additionalProperties ? fieldStep(node.additionalProperties, false) : undefined;
    step = {
      fields,
      otherFields,
      items: node.items && mayHold(node.items, isGated) ? node.items : undefined,
      anyField: otherFields !== undefined || [...fields.values()].some((field) => field !== null),
    };
    steps.set(node, step);
  }
  return step;
}

function isGated(node: SchemaNode): boolean {
  return Boolean(platlintInfo(node).featureGates?.length);
}
