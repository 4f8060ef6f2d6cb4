import { WalkMemo, mayHold, platlintInfo } from '@platlint/core';
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
  /** The value's schema node (`schemaAt(root, path)`, known to the walk). */
  node: SchemaNode;
}

/** The types the metadata rules look for; a walk for any of them is one walk for all. */
const HOLDER_TYPES: readonly string[] = [OBJECT_META_TYPE, LABEL_SELECTOR_TYPE, POD_SPEC_TYPE];

/**
 * Walks an object alongside its schema and lists every mapping whose schema type is one of
 * `typeIds`, wherever the kind nests it (the schema tree says which values are of those types),
 * outer values before the values nested in them. Subtrees whose schema cannot hold such a
 * type (a pod's containers) are not entered: the walk runs on every object of a run.
 */
export function valuesOfTypes(value: unknown, node: SchemaNode | undefined, typeIds: readonly string[]): TypedValue[] {
  if (!node || value === null || typeof value !== 'object') return [];
  if (!typeIds.every((type) => HOLDER_TYPES.includes(type))) return walkFor(value, node, routeFor(typeIds));
  // metadata/labels and metadata/annotations ask about the same object: it is walked once for
  // all their types and each takes its own. A walk for fewer types enters fewer subtrees but
  // finds the same values of those types, in the same order, so the filtered list is the same.
  const all = walked.answer(value, node, walkForHolders);
  return typeIds.length === HOLDER_TYPES.length ? all : all.filter((held) => typeIds.includes(held.type));
}

const walked = new WalkMemo<TypedValue[]>();

function walkForHolders(value: object, node: SchemaNode): TypedValue[] {
  return walkFor(value, node, holderRoute());
}

function walkFor(value: unknown, node: SchemaNode, route: (node: SchemaNode) => Step): TypedValue[] {
  const found: TypedValue[] = [];
  // One path for the whole walk, grown and shrunk as it goes down and up, and copied only for a
  // value of a sought type: the walk runs on every object of a run.
  const at: (string | number)[] = [];
  const walk = (value: unknown, node: SchemaNode): void => {
    if (value === null || typeof value !== 'object') return;
    const step = route(node);
    if (Array.isArray(value)) {
      if (step.items)
        for (let i = 0; i < value.length; i++) {
          at.push(i);
          walk(value[i], step.items);
          at.pop();
        }
      return;
    }
    if (step.type !== undefined) found.push({ type: step.type, value: value as Obj, path: at.slice(), node });
    if (!step.anyField) return;
    for (const key in value) {
      const child = step.fields.get(key);
      const next = child === undefined ? step.otherFields : child;
      if (!next) continue;
      at.push(key);
      walk((value as Obj)[key], next);
      at.pop();
    }
  };
  walk(value, node);
  return found;
}

/**
 * What a walk does at a schema node, worked out once per node and set of types instead of at
 * every value: whether the node is of a sought type, and which of its fields (a null: a known
 * field not worth entering) and items may hold one.
 */
interface Step {
  type: string | undefined;
  fields: ReadonlyMap<string, SchemaNode | null>;
  otherFields: SchemaNode | undefined;
  items: SchemaNode | undefined;
  anyField: boolean;
}

const routes = new Map<string, (node: SchemaNode) => Step>();

let holderSteps: ((node: SchemaNode) => Step) | undefined;

/** The route of the shared walk, looked up once rather than by a joined key for every object. */
function holderRoute(): (node: SchemaNode) => Step {
  return (holderSteps ??= routeFor(HOLDER_TYPES));
}

/** The steps of a walk for these types, remembered per node across objects. */
function routeFor(typeIds: readonly string[]): (node: SchemaNode) => Step {
  const key = typeIds.join('\u0000');
  let route = routes.get(key);
  if (!route) {
    const test = typeTest(typeIds);
    const worthEntering = (child: SchemaNode | undefined): SchemaNode | undefined =>
      child !== undefined && (test(child) || mayHold(child, test)) ? child : undefined;
    const steps = new WeakMap<SchemaNode, Step>();
    route = (node) => {
      let step = steps.get(node);
      if (!step) {
        const typeId = platlintInfo(node).typeId;
        const fields = new Map<string, SchemaNode | null>();
        // As fieldSchema reads them: a known field's own node, any other field's the additional one.
        for (const [name, child] of Object.entries(node.properties ?? {}))
          if (child !== undefined) fields.set(name, worthEntering(child) ?? null);
        const otherFields = worthEntering(node.additionalProperties);
        step = {
          type: typeId !== undefined && typeIds.includes(typeId) ? typeId : undefined,
          fields,
          otherFields,
          items: worthEntering(node.items),
          anyField: otherFields !== undefined || [...fields.values()].some((child) => child !== null),
        };
        steps.set(node, step);
      }
      return step;
    };
    routes.set(key, route);
  }
  return route;
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
