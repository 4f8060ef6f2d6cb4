// What every resource kind's overlay shares: the object and list envelopes, and the
// three-valued condition status.
import type { FieldOverlay, Overlay, SpecRef } from '../../overlay-types.js';

export const ENVELOPE: SpecRef = 'A Shared object envelope';
export const LIST_ENVELOPE: SpecRef = 'A Shared list envelope';

/** apiVersion / kind / metadata of a top-level object, described for one kind. */
export function objectEnvelope(kind: string, spec: SpecRef): Record<string, FieldOverlay> {
  return {
    apiVersion: {
      description: `Versioned schema this ${kind} is written against. The server converts recognized versions and may reject unknown ones.`,
      spec: ENVELOPE,
    },
    kind: {
      description: `The object's REST kind in CamelCase; always \`${kind}\` here. The server can infer it from the endpoint, and it cannot change on update.`,
      immutable: true,
      spec: ENVELOPE,
    },
    metadata: {
      description: `Standard object metadata of the ${kind}: name, namespace, labels, annotations and server-managed fields.`,
      spec,
    },
  };
}

/** apiVersion / kind / metadata / items of a `<Kind>List`. */
function listEnvelope(kind: string): Record<string, FieldOverlay> {
  return {
    apiVersion: { description: 'Versioned schema of this list, as for the objects it holds.', spec: LIST_ENVELOPE },
    kind: { description: `Always \`${kind}List\`.`, spec: LIST_ENVELOPE },
    metadata: {
      description: 'List metadata: the resource version of the snapshot and, for paged lists, the `continue` token.',
      spec: LIST_ENVELOPE,
    },
    items: { description: `The ${kind} objects of this list. Required.`, spec: LIST_ENVELOPE },
  };
}

export function listType(kind: string, spec: SpecRef): Overlay[string] {
  return {
    description: `A list of ${kind} objects, as returned by list calls.`,
    spec,
    fields: listEnvelope(kind),
  };
}

/** The three-valued condition status used by several condition types. */
export const CONDITION_STATUS = ['True', 'False', 'Unknown'] as const;
