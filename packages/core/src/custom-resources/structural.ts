// A CRD's `openAPIV3Schema` in the two forms platlint reads it: the schema tree that hover,
// completion, merges and CEL types walk, and the JSON Schema that validates a custom resource
// as the API server's schema validator does (kube-openapi's, reached from upstream's
// apiextensions-apiserver pkg/apiserver/validation ValidateCustomResource).
import type { SchemaNode, ValidationRule } from '../schema/tree.js';
import type { JsonSchema } from '../validate/json-schema.js';
import { checkedCrdFormat } from './formats.js';

/** A schema as a CRD writes it (JSONSchemaProps). */
export type RawSchema = Record<string, unknown>;

const isJson = (value: unknown): value is RawSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Marks a schema of ./openapi.ts whose value may be a number or a string (no CRD can say so but with anyOf). */
export const NUMBER_OR_STRING = 'x-platlint-number-or-string';
/** Ours, not a CRD's: the field of a built-in kind is checked as Go decodes its type (`quantity`, `byte`: formats.ts decodedFormats). */
export const DECODED_AS = 'x-platlint-decoded-as';

const SCALAR_TYPES = new Set(['object', 'array', 'string', 'integer', 'number', 'boolean']);

const nodes = new WeakMap<RawSchema, SchemaNode>();

/**
 * The schema tree of a raw schema: the keywords the tree knows, recursively. A raw schema met
 * twice (OpenAPI documents share their types between kinds, ./openapi.ts) has one tree.
 */
export function toSchemaNode(raw: RawSchema): SchemaNode {
  let node = nodes.get(raw);
  if (!node) {
    node = schemaNodeOf(raw);
    nodes.set(raw, node);
  }
  return node;
}

function schemaNodeOf(raw: RawSchema): SchemaNode {
  const node: SchemaNode = {};
  if (typeof raw.type === 'string' && SCALAR_TYPES.has(raw.type)) node.type = raw.type as NonNullable<SchemaNode['type']>;
  if (typeof raw.format === 'string') node.format = raw.format;
  if (typeof raw.description === 'string') node.description = raw.description;
  if (isJson(raw.properties))
    node.properties = Object.fromEntries(
      Object.entries(raw.properties)
        .filter(([, v]) => isJson(v))
        .map(([k, v]) => [k, toSchemaNode(v as RawSchema)]),
    );
  if (Array.isArray(raw.required)) node.required = raw.required.filter((r): r is string => typeof r === 'string');
  if (isJson(raw.additionalProperties)) node.additionalProperties = toSchemaNode(raw.additionalProperties);
  if (isJson(raw.items)) node.items = toSchemaNode(raw.items);
  if (Array.isArray(raw.enum))
    node.enum = raw.enum.filter((e): e is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof e));
  if (raw.default !== undefined) node.default = raw.default;
  for (const key of ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const)
    if (typeof raw[key] === 'number') node[key] = raw[key] as number;
  if (typeof raw.pattern === 'string') node.pattern = raw.pattern;
  if (raw.nullable === true) node.nullable = true;
  if (raw['x-kubernetes-int-or-string'] === true) node['x-kubernetes-int-or-string'] = true;
  if (raw['x-kubernetes-preserve-unknown-fields'] === true) node['x-kubernetes-preserve-unknown-fields'] = true;
  if (raw['x-kubernetes-embedded-resource'] === true) node['x-kubernetes-embedded-resource'] = true;
  const listType = raw['x-kubernetes-list-type'];
  if (listType === 'atomic' || listType === 'set' || listType === 'map') node['x-kubernetes-list-type'] = listType;
  if (Array.isArray(raw['x-kubernetes-list-map-keys']))
    node['x-kubernetes-list-map-keys'] = raw['x-kubernetes-list-map-keys'].filter((k): k is string => typeof k === 'string');
  const mapType = raw['x-kubernetes-map-type'];
  if (mapType === 'atomic' || mapType === 'granular') node['x-kubernetes-map-type'] = mapType;
  const rules = validationRulesOf(raw);
  if (rules.length) node['x-kubernetes-validations'] = rules;
  return node;
}

function validationRulesOf(raw: RawSchema): ValidationRule[] {
  const list = raw['x-kubernetes-validations'];
  if (!Array.isArray(list)) return [];
  return list.filter(isJson).flatMap((r) => {
    if (typeof r.rule !== 'string') return [];
    const rule: ValidationRule = { rule: r.rule };
    for (const key of ['message', 'messageExpression', 'reason', 'fieldPath'] as const)
      if (typeof r[key] === 'string') rule[key] = r[key] as string;
    if (r.optionalOldSelf === true) rule.optionalOldSelf = true;
    return [rule];
  });
}

/**
 * The JSON Schema (draft-07, with `format` names resolved by ./formats.ts) that checks a
 * custom resource after the server's pruning of nulls and defaulting (./prepare.ts).
 * Unknown fields are errors: kubectl asks for strict field validation by default, and the
 * server refuses the fields it would prune. Value validations inside `allOf`/`anyOf`/
 * `oneOf`/`not` say nothing about unknown fields (structural schemas forbid them to).
 */
export function toValidationSchema(raw: RawSchema, options: { root?: boolean; junctor?: boolean } = {}): JsonSchema {
  const out: JsonSchema = {};
  const nullable = raw.nullable === true;
  if (raw['x-kubernetes-int-or-string'] === true) out.type = nullable ? ['integer', 'string', 'null'] : ['integer', 'string'];
  // Not a CRD keyword: how ./openapi.ts writes a type that decodes from a number or a string (a quantity).
  else if (raw[NUMBER_OR_STRING] === true) out.type = nullable ? ['number', 'string', 'null'] : ['number', 'string'];
  else if (typeof raw.type === 'string' && SCALAR_TYPES.has(raw.type)) out.type = nullable ? [raw.type, 'null'] : raw.type;

  const properties = isJson(raw.properties) ? raw.properties : undefined;
  if (properties) {
    out.properties = Object.fromEntries(
      Object.entries(properties)
        .filter(([, v]) => isJson(v))
        .map(([k, v]) => [k, toValidationSchema(v as RawSchema, { junctor: options.junctor })]),
    );
  }
  if (options.root) {
    // The root's apiVersion, kind and metadata are typed by the server (checked apart).
    out.properties = { ...(out.properties as JsonSchema | undefined), apiVersion: {}, kind: {}, metadata: {} };
  }
  if (isJson(raw.additionalProperties))
    out.additionalProperties = toValidationSchema(raw.additionalProperties, { junctor: options.junctor });
  else if (
    !options.junctor &&
    !raw['x-kubernetes-preserve-unknown-fields'] &&
    raw.additionalProperties !== true &&
    (raw.type === 'object' || properties || options.root)
  ) {
    out.additionalProperties = false;
    // An embedded resource always carries its own apiVersion, kind and metadata.
    if (raw['x-kubernetes-embedded-resource'] === true)
      out.properties = { apiVersion: {}, kind: {}, metadata: {}, ...(out.properties as JsonSchema | undefined) };
  }
  if (isJson(raw.items)) out.items = toValidationSchema(raw.items, { junctor: options.junctor });
  // platlint reads an explicit null as an absent field (as the server does for built-in kinds),
  // so a nullable field's `null` cannot be told from its absence: it is not required here,
  // rather than refused when the server would take it.
  const required = Array.isArray(raw.required)
    ? raw.required.filter((name) => !(properties && isJson(properties[name]) && properties[name].nullable === true))
    : [];
  if (required.length) out.required = required;
  if (Array.isArray(raw.enum)) out.enum = raw.enum;
  for (const key of ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'multipleOf'] as const)
    if (typeof raw[key] === 'number') out[key] = raw[key];
  // OpenAPI 3.0 writes exclusive bounds as booleans beside the bound; draft-07 as numbers.
  if (typeof raw.minimum === 'number') out[raw.exclusiveMinimum === true ? 'exclusiveMinimum' : 'minimum'] = raw.minimum;
  if (typeof raw.maximum === 'number') out[raw.exclusiveMaximum === true ? 'exclusiveMaximum' : 'maximum'] = raw.maximum;
  if (raw.uniqueItems === true) out.uniqueItems = true;
  if (typeof raw.pattern === 'string') out.pattern = raw.pattern;
  if (raw[DECODED_AS] === 'quantity' || raw[DECODED_AS] === 'byte') {
    out.format = `crd:decoded${raw[DECODED_AS]}`;
  } else if (typeof raw.format === 'string' && (raw.type === 'string' || raw.type === undefined)) {
    const format = checkedCrdFormat(raw.format);
    if (format) out.format = `crd:${format}`;
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = raw[key];
    if (Array.isArray(list)) out[key] = list.filter(isJson).map((s) => toValidationSchema(s, { junctor: true }));
  }
  if (isJson(raw.not)) out.not = toValidationSchema(raw.not, { junctor: true });
  return out;
}
