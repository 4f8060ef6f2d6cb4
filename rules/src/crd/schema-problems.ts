// What makes the API server refuse a CRD version's schema as a schema, before defaults and CEL
// rules are looked at: the structural-schema invariants (upstream apiextensions-apiserver
// pkg/apiserver/schema validation.go ValidateStructural, with complete.go's completeness) and
// the OpenAPI restrictions of apiextensions validation.go (specStandardValidatorV3.validate,
// ValidateCustomResourceDefinitionOpenAPISchema, validateMapListKeysMapSet). Each problem
// says which rule reports it: `crd/structural-schema` or `crd/list-types`.
import { isJsonObject, re2PatternProblem } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { type SchemaPlace, schemaPlaces } from './schema-walk.js';
import type { Obj } from '../kit/objects.js';

export interface SchemaProblem {
  rule: 'structural' | 'list-types';
  path: FieldPath;
  message: string;
  /** The field is absent: point at its parent. */
  missing?: boolean;
}

const OPENAPI_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);
/** JSON names of the fields upstream allows at the root when the status subresource is on (allowedFieldsAtRootSchema). */
const ROOT_WITH_STATUS = new Set([
  'description',
  'type',
  'format',
  'title',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'multipleOf',
  'required',
  'items',
  'properties',
  'externalDocs',
  'example',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-validations',
]);
const UNSUPPORTED = [
  ['id', 'id'],
  ['additionalItems', 'additionalItems'],
  ['patternProperties', 'patternProperties'],
  ['definitions', 'definitions'],
  ['dependencies', 'dependencies'],
  ['$ref', '$ref'],
] as const;
/** Keywords of the structural part that a junctor (allOf, anyOf, oneOf, not) may not repeat. */
const NOT_IN_JUNCTOR = [
  'type',
  'additionalProperties',
  'default',
  'title',
  'description',
  'nullable',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource',
  'x-kubernetes-int-or-string',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-list-type',
  'x-kubernetes-map-type',
  'x-kubernetes-validations',
] as const;

const present = (raw: Obj, key: string): boolean =>
  raw[key] !== undefined &&
  raw[key] !== null &&
  raw[key] !== false &&
  raw[key] !== '' &&
  !(Array.isArray(raw[key]) && (raw[key] as unknown[]).length === 0);
const typeOf = (raw: unknown): string => (isJsonObject(raw) && typeof raw.type === 'string' ? raw.type : '');

/** Every problem of one version's schema. `statusEnabled`: the version has the status subresource. */
export function schemaProblems(root: Obj, path: FieldPath, statusEnabled: boolean): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  if (statusEnabled) {
    if (root.type !== undefined && root.type !== 'object')
      out.push({
        rule: 'structural',
        path: [...path, 'type'],
        message: 'must be "object" at the root when the status subresource is enabled',
      });
    const other = Object.keys(root).find((key) => key !== 'type' && !ROOT_WITH_STATUS.has(key) && present(root, key));
    if (other)
      out.push({
        rule: 'structural',
        path: [...path, other],
        message: `may not be set at the root when the status subresource is enabled (the root may hold only ${[...ROOT_WITH_STATUS].join(', ')})`,
      });
  }
  if (root.nullable === true)
    out.push({ rule: 'structural', path: [...path, 'nullable'], message: 'must not be true at the root' });
  for (const place of schemaPlaces(root, path)) {
    out.push(
      ...openApiProblems(place),
      ...(place.junctor ? junctorProblems(place) : structuralProblems(place)),
      ...listProblems(place),
    );
  }
  out.push(...completenessProblems(root, path));
  return out;
}

/** specStandardValidatorV3.validate and the checks of ValidateCustomResourceDefinitionOpenAPISchema that apply everywhere. */
function openApiProblems({ raw, path, resourceMeta }: SchemaPlace): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  const at = (key: string, message: string): number => out.push({ rule: 'structural', path: [...path, key], message });
  if (raw.type === 'null') at('type', 'cannot be "null"; write nullable: true instead');
  else if (typeof raw.type === 'string' && raw.type !== '' && !OPENAPI_TYPES.has(raw.type))
    at('type', `"${raw.type}" is not a type; use one of ${[...OPENAPI_TYPES].join(', ')}`);
  for (const [key, name] of UNSUPPORTED) if (raw[key] !== undefined) at(key, `${name} is not supported in a CRD schema`);
  if (Array.isArray(raw.items)) at('items', 'must be one schema, not a list of schemas');
  if (resourceMeta && raw['x-kubernetes-embedded-resource'] === true)
    at('x-kubernetes-embedded-resource', 'must not be used inside the apiVersion, kind or metadata of a resource');
  if (raw.uniqueItems === true)
    at('uniqueItems', 'cannot be true: checking it is quadratic in the list length (use x-kubernetes-list-type: set)');
  if (
    isJsonObject(raw.properties) &&
    Object.keys(raw.properties).length > 0 &&
    (raw.additionalProperties === false || isJsonObject(raw.additionalProperties))
  )
    at('additionalProperties', 'cannot be used together with properties');
  if (raw['x-kubernetes-preserve-unknown-fields'] === false)
    at('x-kubernetes-preserve-unknown-fields', 'must be true or left out');
  if (raw['x-kubernetes-map-type'] !== undefined) {
    if (raw.type !== 'object')
      out.push({
        rule: 'structural',
        path: [...path, 'type'],
        message: 'must be "object" when x-kubernetes-map-type is set',
        missing: raw.type === undefined,
      });
    if (raw['x-kubernetes-map-type'] !== 'atomic' && raw['x-kubernetes-map-type'] !== 'granular')
      at('x-kubernetes-map-type', `${JSON.stringify(raw['x-kubernetes-map-type'])} is not supported: use atomic or granular`);
  }
  if (typeof raw.pattern === 'string' && raw.pattern !== '') {
    const problem = re2PatternProblem(raw.pattern);
    if (problem) at('pattern', `is not a regular expression the server can compile (RE2 syntax): ${problem}`);
  }
  return out;
}

/** validateNestedValueValidation: a junctor holds value validations only. */
function junctorProblems({ raw, path, intOrStringBranch }: SchemaPlace): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  for (const key of NOT_IN_JUNCTOR) {
    if (key === 'type' && intOrStringBranch) continue;
    if (present(raw, key))
      out.push({
        rule: 'structural',
        path: [...path, key],
        message: `must not be set under allOf, anyOf, oneOf or not (a junctor only restricts values; ${key} belongs in the schema itself)`,
      });
  }
  if (isJsonObject(raw.properties) && Object.hasOwn(raw.properties, 'metadata'))
    out.push({
      rule: 'structural',
      path: [...path, 'properties', 'metadata'],
      message: 'must not be specified under a junctor: only the schema itself may describe metadata',
    });
  return out;
}

/** validateStructuralInvariants and validateStructuralMetadataInvariants. */
function structuralProblems(place: SchemaPlace): SchemaProblem[] {
  const { raw, path, level, isRoot } = place;
  const out: SchemaProblem[] = [];
  const at = (key: FieldPath, message: string, missing = false): number =>
    out.push({ rule: 'structural', path: [...path, ...key], message, ...(missing ? { missing } : {}) });
  const type = typeOf(raw);
  const embedded = raw['x-kubernetes-embedded-resource'] === true;
  const intOrString = raw['x-kubernetes-int-or-string'] === true;
  const preserve = raw['x-kubernetes-preserve-unknown-fields'] === true;
  if (type === 'array' && raw.items === undefined) at(['items'], 'must be set: an array schema describes its items', true);
  if (raw.additionalProperties !== undefined && raw.additionalProperties !== false && isRoot)
    at(['additionalProperties'], 'must not be used at the root');
  if (intOrString && preserve)
    at(['x-kubernetes-preserve-unknown-fields'], 'must not be true when x-kubernetes-int-or-string is true');
  if (intOrString && embedded) at(['x-kubernetes-embedded-resource'], 'must not be true when x-kubernetes-int-or-string is true');
  if (embedded && type !== 'object') at(['type'], 'must be "object" when x-kubernetes-embedded-resource is true', type === '');
  else if (type === '' && !intOrString && !preserve) {
    const where = level === 'root' ? 'at the root' : level === 'item' ? 'for array items' : 'for object fields';
    at(
      ['type'],
      `must be set ${where} (a structural schema states the type of every value; x-kubernetes-preserve-unknown-fields or x-kubernetes-int-or-string exempt a node)`,
      true,
    );
  }
  if (embedded && raw.additionalProperties !== undefined)
    at(['additionalProperties'], 'must not be used when x-kubernetes-embedded-resource is true');
  if (isRoot && type !== '' && type !== 'object') at(['type'], `must be "object" at the root, not "${type}"`);
  const properties = isJsonObject(raw.properties) ? raw.properties : {};
  const checkMeta = isRoot || embedded;
  for (const key of ['kind', 'apiVersion']) {
    const field = properties[key];
    if (checkMeta && field !== undefined && typeOf(field) !== 'string')
      at(['properties', key, 'type'], 'must be "string"', typeOf(field) === '');
  }
  const metadata = properties.metadata;
  if (isJsonObject(metadata)) {
    if (checkMeta && typeOf(metadata) !== 'object')
      at(['properties', 'metadata', 'type'], 'must be "object"', typeOf(metadata) === '');
    if (isRoot) {
      const extra = Object.keys(metadata).filter(
        (key) =>
          key !== 'type' &&
          key !== 'default' &&
          !(key === 'properties' && onlyNames(metadata.properties)) &&
          present(metadata, key),
      );
      if (extra.length)
        at(
          ['properties', 'metadata'],
          `may restrict only metadata.name and metadata.generateName (the server types the rest); remove ${extra.join(', ')}`,
        );
    }
  }
  if (embedded && !preserve && Object.keys(properties).length === 0)
    at(
      ['properties'],
      'must not be empty when x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields',
      true,
    );
  return out;
}

const onlyNames = (properties: unknown): boolean =>
  isJsonObject(properties) && Object.keys(properties).every((key) => key === 'name' || key === 'generateName');

/** The list and map semantics a schema declares (x-kubernetes-list-type, -list-map-keys). */
function listProblems({ raw, path }: SchemaPlace): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  const at = (key: FieldPath, message: string, missing = false): number =>
    out.push({ rule: 'list-types', path: [...path, ...key], message, ...(missing ? { missing } : {}) });
  const listType = raw['x-kubernetes-list-type'];
  const items = isJsonObject(raw.items) ? raw.items : undefined;
  const keys = Array.isArray(raw['x-kubernetes-list-map-keys']) ? (raw['x-kubernetes-list-map-keys'] as unknown[]) : [];
  if (listType !== undefined && raw.type !== 'array')
    at(['type'], 'must be "array" when x-kubernetes-list-type is set', raw.type === undefined);
  else if (listType === 'set' && items) {
    if (items.type === 'array' && items['x-kubernetes-list-type'] !== undefined && items['x-kubernetes-list-type'] !== 'atomic')
      at(['items', 'x-kubernetes-list-type'], 'must be atomic: the items of a set are compared whole');
    if (items.type === 'object' && items['x-kubernetes-map-type'] !== 'atomic')
      at(
        ['items', 'x-kubernetes-map-type'],
        'must be atomic: the items of a set are compared whole',
        items['x-kubernetes-map-type'] === undefined,
      );
  }
  if (listType !== undefined && listType !== 'atomic' && listType !== 'set' && listType !== 'map')
    at(['x-kubernetes-list-type'], `${JSON.stringify(listType)} is not supported: use atomic, set or map`);
  if (keys.length > 0 && listType !== 'map')
    at(['x-kubernetes-list-type'], 'must be map when x-kubernetes-list-map-keys is set', listType === undefined);
  if (listType === 'map') {
    if (keys.length === 0)
      at(['x-kubernetes-list-map-keys'], 'must name the key fields of the items when x-kubernetes-list-type is map', true);
    if (raw.items === undefined) at(['items'], 'must be set when x-kubernetes-list-type is map', true);
    else if (!items) at(['items'], 'must be one schema when x-kubernetes-list-type is map');
    else if (items.type !== 'object')
      at(['items', 'type'], 'must be "object" when the list\'s x-kubernetes-list-type is map', items.type === undefined);
    else {
      const properties = isJsonObject(items.properties) ? items.properties : {};
      const required = new Set(Array.isArray(items.required) ? items.required : []);
      const seen = new Set<unknown>();
      keys.forEach((key, i) => {
        const name = String(key);
        const property =
          Object.hasOwn(properties, name) && isJsonObject(properties[name]) ? (properties[name] as Obj) : undefined;
        if (!property) at(['x-kubernetes-list-map-keys', i], `"${name}" is not a property of the items: every key must be one`);
        else {
          if (property.type === 'array' || property.type === 'object')
            at(['items', 'properties', name, 'type'], `must be a scalar type: "${name}" is a key of the list map`);
          if (!required.has(name) && property.default === undefined)
            at(
              ['items', 'properties', name, 'default'],
              `"${name}" is a key of the list map, so it must be required or have a default`,
              true,
            );
          if (property.nullable === true)
            at(['items', 'properties', name, 'nullable'], `must not be true: "${name}" is a key of the list map`);
        }
        if (seen.has(key)) at(['x-kubernetes-list-map-keys', i], `repeats the key "${name}"`);
        seen.add(key);
      });
    }
  }
  if ((listType === 'set' || listType === 'map') && items?.nullable === true)
    at(['items', 'nullable'], `must not be true: the items of a list of type ${listType} cannot be null`);
  return out;
}

/**
 * complete.go validateStructuralCompleteness: whatever a junctor says of a field or of the
 * items must be specified in the schema itself too.
 */
function completenessProblems(root: Obj, path: FieldPath): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  const check = (structural: Obj, nested: Obj, nestedPath: FieldPath): void => {
    if (isJsonObject(nested.properties)) {
      const known = isJsonObject(structural.properties) ? structural.properties : {};
      for (const [key, child] of Object.entries(nested.properties)) {
        if (!Object.hasOwn(known, key) || !isJsonObject(known[key])) {
          if (key !== 'metadata')
            out.push({
              rule: 'structural',
              path: [...nestedPath, 'properties', key],
              message: `"${key}" is specified under a junctor but not in the schema itself (properties.${key}); add it there`,
            });
        } else if (isJsonObject(child)) check(known[key] as Obj, child, [...nestedPath, 'properties', key]);
      }
    }
    if (isJsonObject(nested.items)) {
      if (!isJsonObject(structural.items))
        out.push({
          rule: 'structural',
          path: [...nestedPath, 'items'],
          message: 'items are specified under a junctor but not in the schema itself; add items there',
        });
      else check(structural.items, nested.items, [...nestedPath, 'items']);
    }
    for (const junctor of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = nested[junctor];
      if (Array.isArray(list))
        list.forEach((child: unknown, i) => isJsonObject(child) && check(structural, child, [...nestedPath, junctor, i]));
    }
    if (isJsonObject(nested.not)) check(structural, nested.not, [...nestedPath, 'not']);
  };
  for (const place of schemaPlaces(root, path)) {
    if (place.junctor) continue;
    for (const junctor of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = place.raw[junctor];
      if (Array.isArray(list))
        list.forEach((child: unknown, i) => isJsonObject(child) && check(place.raw, child, [...place.path, junctor, i]));
    }
    if (isJsonObject(place.raw.not)) check(place.raw, place.raw.not, [...place.path, 'not']);
  }
  return out;
}
