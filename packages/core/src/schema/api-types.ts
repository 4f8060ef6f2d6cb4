/**
 * The shape of reference/api-types.json: structural facts about the upstream Go types.
 * The configuration kinds of spec document C are written in the same shape
 * (config-types.ts) so that one builder turns both into schema trees.
 */

export type ScalarName = 'string' | 'bool' | 'int32' | 'int64' | 'float64' | 'bytes' | 'int-or-string';

export interface FieldValidation {
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  maxBytes?: number;
  format?: string;
  pattern?: string;
  enum?: string[];
}

/** A field of a struct, or the element/value descriptor of an array or map. */
export interface FieldEntry {
  type?: ScalarName;
  ref?: string;
  array?: boolean;
  map?: boolean;
  mapKey?: string;
  mapKeyIsRef?: boolean;
  items?: FieldEntry;
  values?: FieldEntry;
  pointer?: boolean;
  optional?: boolean;
  omitempty?: boolean;
  embedded?: boolean;
  inlinedFrom?: string;
  listType?: 'atomic' | 'set' | 'map';
  listMapKeys?: string[];
  mapType?: 'atomic' | 'granular';
  patchStrategy?: string;
  patchMergeKey?: string;
  default?: unknown;
  defaultConst?: string;
  validation?: FieldValidation;
  union?: boolean;
  unionDiscriminator?: boolean;
  unionMember?: boolean;
  oneOf?: string;
  zeroOrOneOf?: string;
  featureGates?: string[];
  immutable?: boolean;
  immutableWhen?: string[];
  forbiddenWhen?: string[];
  deprecated?: boolean | string;
  markers?: string[];
}

export interface StructType {
  kind: 'struct';
  fields: Record<string, FieldEntry>;
  structType?: 'atomic' | 'granular';
  /** Embedded types whose fields were flattened into this one. */
  inlined?: string[];
  union?: boolean;
  deprecated?: boolean | string;
  markers?: string[];
}

export interface ScalarType {
  kind: 'scalar';
  base: ScalarName | 'string';
  format?: string;
  /** `microseconds` for MicroTime, which the server decodes with a fixed six-digit fraction. */
  precision?: string;
  enum?: string[];
  enumMarker?: boolean;
  knownValues?: string[];
  oneOfTypes?: string[];
}

export interface ContainerType {
  kind: 'map' | 'alias' | 'array';
  of: FieldEntry;
}

export interface ObjectType {
  kind: 'object';
}

export type TypeEntry = StructType | ScalarType | ContainerType | ObjectType;

export interface KindEntry {
  group: string;
  version: string;
  apiVersion: string;
  kind: string;
  type: string;
  /** `custom`: a kind a CustomResourceDefinition defines. */
  scope: 'spec' | 'supporting' | 'extra' | 'config' | 'custom' | 'openapi';
  namespaced: boolean;
  resource: string | null;
  subresources: string[];
  list?: { kind: string; type: string };
  /** The release that first served the kind (absent for alpha kinds and configuration kinds). */
  introducedIn?: string;
  deprecatedIn?: string;
  removedIn?: string;
  replacement?: string;
  isSubresourceType?: boolean;
  equivalentResources?: Omit<KindEntry, 'type' | 'equivalentResources'>[];
}

export interface ApiTypes {
  kinds: KindEntry[];
  types: Record<string, TypeEntry>;
}
