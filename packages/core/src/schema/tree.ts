import type { CelPlace, FormatName, GateOffBehaviour, SpecRef } from './overlay-types.js';

/**
 * A node of the schema tree: a structural schema in the form platform CRDs use (OpenAPI v3
 * with the `x-kubernetes-*` extensions), plus what platlint adds under `x-platlint`.
 * It is the single source of truth: validation, hover, completion, merge semantics and
 * CEL types are all derived from it. Nodes of a shared type are shared objects; a field
 * gets a shallow copy carrying its own description and constraints.
 */
export interface SchemaNode {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  format?: string;
  description?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: SchemaNode;
  items?: SchemaNode;
  enum?: readonly (string | number | boolean)[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  'x-kubernetes-int-or-string'?: true;
  'x-kubernetes-preserve-unknown-fields'?: true;
  'x-kubernetes-embedded-resource'?: true;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: 'atomic' | 'granular';
  /** A custom resource's field that may be null (CRD schemas only; built-in kinds decode null as unset). */
  nullable?: true;
  /** CEL rules a custom resource's value must satisfy (CRD schemas only). */
  'x-kubernetes-validations'?: ValidationRule[];
  'x-platlint'?: PlatlintInfo;
}

/** One `x-kubernetes-validations` entry of a CRD schema. */
export interface ValidationRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  reason?: string;
  fieldPath?: string;
  optionalOldSelf?: boolean;
}

export interface PlatlintInfo {
  /** The upstream (or config-kind) type id, e.g. `apps/v1.DeploymentSpec`. */
  typeId?: string;
  /** One of our formats, when `format` is one the validator checks. */
  format?: FormatName;
  knownValues?: readonly string[];
  deprecated?: string;
  featureGates?: readonly string[];
  /** What the server does with the field while a gate of it is off (absent: drops it). */
  gateOff?: GateOffBehaviour;
  immutable?: boolean;
  spec?: SpecRef;
  /** Exactly one member set (`union`), or at most one (`zeroOrOneOf` groups). */
  union?: 'exactlyOne' | 'atMostOne';
  unionMembers?: string[];
  discriminator?: string;
  maxBytes?: number;
  /** Limits JSON Schema cannot state, from the overlay; see FieldOverlay. */
  maxDuration?: string;
  maxTotalBytes?: number;
  /** The field only appears on a status subresource write. */
  status?: boolean;
  /** An optional, non-pointer string: `""` means unset to the server, so formats skip it. */
  emptyIsUnset?: boolean;
  /** The field holds a CEL expression compiled in this environment. */
  cel?: CelPlace;
}

export function platlintInfo(node: SchemaNode): PlatlintInfo {
  return node['x-platlint'] ?? {};
}

/** The node that describes the value at `path` below `root`, if the schema knows it. */
export function schemaAt(root: SchemaNode, path: readonly (string | number)[]): SchemaNode | undefined {
  let node: SchemaNode | undefined = root;
  for (const segment of path) {
    if (!node) return undefined;
    node = typeof segment === 'number' ? node.items : fieldSchema(node, segment);
  }
  return node;
}

/**
 * The node of one field of a mapping described by `node`: `schemaAt(node, [key])` without
 * the path array, for the walks that ask at every field of every object of a run.
 */
export function fieldSchema(node: SchemaNode, key: string): SchemaNode | undefined {
  // Own properties only: a field named `constructor` is not Object.prototype's.
  return (node.properties && Object.hasOwn(node.properties, key) ? node.properties[key] : undefined) ?? node.additionalProperties;
}
