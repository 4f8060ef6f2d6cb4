/**
 * The CustomResourceDefinition kind (`apiextensions.plat.io/v1`), written by hand in the shape
 * of reference/api-types.json (the reference holds no apiextensions types) so that the schema
 * builder makes its tree. Every field is optional here: the server decodes a CRD into typed
 * structs, and what its validation refuses (upstream apiextensions-apiserver
 * pkg/apis/apiextensions/validation ValidateCustomResourceDefinition) is checked by the
 * `crd/*` rules with their own messages. A version's `openAPIV3Schema` is read by those rules
 * and by ./structural.ts, not by this tree.
 */
import type { FieldEntry, KindEntry, TypeEntry } from '../schema/api-types.js';

const P = 'apiextensions/v1';
const optional = (entry: FieldEntry): FieldEntry => ({ ...entry, optional: true });
const strings: FieldEntry = { type: 'string', array: true, optional: true, listType: 'atomic' };

export const crdTypes: Record<string, TypeEntry> = {
  [`${P}.CustomResourceDefinition`]: {
    kind: 'struct',
    fields: {
      kind: optional({ type: 'string', inlinedFrom: 'meta/v1.TypeMeta' }),
      apiVersion: optional({ type: 'string', inlinedFrom: 'meta/v1.TypeMeta' }),
      metadata: optional({ ref: 'meta/v1.ObjectMeta' }),
      spec: optional({ ref: `${P}.CustomResourceDefinitionSpec` }),
      status: optional({ ref: `${P}.Open` }),
    },
  },
  [`${P}.CustomResourceDefinitionSpec`]: {
    kind: 'struct',
    fields: {
      group: optional({ type: 'string' }),
      names: optional({ ref: `${P}.CustomResourceDefinitionNames` }),
      scope: optional({ type: 'string' }),
      versions: optional({ ref: `${P}.CustomResourceDefinitionVersion`, array: true, listType: 'atomic' }),
      conversion: optional({ ref: `${P}.Open` }),
      preserveUnknownFields: optional({ type: 'bool' }),
    },
  },
  [`${P}.CustomResourceDefinitionNames`]: {
    kind: 'struct',
    fields: {
      plural: optional({ type: 'string' }),
      singular: optional({ type: 'string' }),
      shortNames: strings,
      kind: optional({ type: 'string' }),
      listKind: optional({ type: 'string' }),
      categories: strings,
    },
  },
  [`${P}.CustomResourceDefinitionVersion`]: {
    kind: 'struct',
    fields: {
      name: optional({ type: 'string' }),
      served: optional({ type: 'bool' }),
      storage: optional({ type: 'bool' }),
      deprecated: optional({ type: 'bool' }),
      deprecationWarning: optional({ type: 'string', pointer: true }),
      schema: optional({ ref: `${P}.CustomResourceValidation` }),
      subresources: optional({ ref: `${P}.CustomResourceSubresources` }),
      additionalPrinterColumns: optional({ ref: `${P}.CustomResourceColumnDefinition`, array: true, listType: 'atomic' }),
      selectableFields: optional({ ref: `${P}.SelectableField`, array: true, listType: 'atomic' }),
    },
  },
  [`${P}.CustomResourceValidation`]: { kind: 'struct', fields: { openAPIV3Schema: optional({ ref: `${P}.Open` }) } },
  [`${P}.CustomResourceSubresources`]: {
    kind: 'struct',
    fields: { status: optional({ ref: `${P}.Open` }), scale: optional({ ref: `${P}.CustomResourceSubresourceScale` }) },
  },
  [`${P}.CustomResourceSubresourceScale`]: {
    kind: 'struct',
    fields: {
      specReplicasPath: optional({ type: 'string' }),
      statusReplicasPath: optional({ type: 'string' }),
      labelSelectorPath: optional({ type: 'string', pointer: true }),
    },
  },
  [`${P}.CustomResourceColumnDefinition`]: {
    kind: 'struct',
    fields: {
      name: optional({ type: 'string' }),
      type: optional({ type: 'string' }),
      format: optional({ type: 'string' }),
      description: optional({ type: 'string' }),
      priority: optional({ type: 'int32' }),
      jsonPath: optional({ type: 'string' }),
    },
  },
  [`${P}.SelectableField`]: { kind: 'struct', fields: { jsonPath: optional({ type: 'string' }) } },
  /** A JSON value the tree leaves open (a schema, a conversion webhook, status). */
  [`${P}.Open`]: { kind: 'object' },
};

export const crdKind: KindEntry = {
  group: 'apiextensions.plat.io',
  version: 'v1',
  apiVersion: 'apiextensions.plat.io/v1',
  kind: 'CustomResourceDefinition',
  type: `${P}.CustomResourceDefinition`,
  scope: 'supporting',
  namespaced: false,
  resource: 'customresourcedefinitions',
  subresources: ['status'],
  list: { kind: 'CustomResourceDefinitionList', type: `${P}.CustomResourceDefinitionList` },
};

crdTypes[`${P}.CustomResourceDefinitionList`] = {
  kind: 'struct',
  fields: {
    kind: optional({ type: 'string' }),
    apiVersion: optional({ type: 'string' }),
    metadata: optional({ ref: 'meta/v1.ListMeta' }),
    items: optional({ ref: `${P}.CustomResourceDefinition`, array: true }),
  },
};
