// A custom resource checked as the API server checks it on a write (upstream
// apiextensions-apiserver pkg/registry/customresource: validator.go Validate, and
// strategy.go Validate): ObjectMeta, the version's schema after defaulting, the scale
// subresource's replicas, embedded resources, and the list types. The CEL rules of the schema
// (`x-kubernetes-validations`) are the rule `custom-resource/validation-rules`.
import { Ajv, type ValidateFunction } from 'ajv';
import { RE2JS } from 're2js';
import { schemaAt, type SchemaNode } from '../schema/tree.js';
import type { PathSegment } from '../source/field-path.js';
import { AJV_OPTIONS } from '../validate/json-schema.js';
import { describeValue, findingsOf, validateStructure, type StructuralFinding } from '../validate/validator.js';
import type { CustomVersion } from './definition.js';
import { formatChecks } from './formats.js';
import { defaultedValue } from './prepare.js';
import { toSchemaNode, toValidationSchema, type RawSchema } from './structural.js';
import { FileMemo } from '../lint/file-memo.js';

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

let ajv: Ajv | undefined;

/** The server's schema validator reads patterns as Go's RE2: so does this one. */
function crdAjv(): Ajv {
  if (!ajv) {
    const regExp = Object.assign(
      (pattern: string) => {
        const compiled = RE2JS.compile(pattern);
        return { test: (text: string) => compiled.matcher(text).find() };
      },
      { code: 're2' },
    );
    ajv = new Ajv({ ...AJV_OPTIONS, code: { regExp } });
    for (const [name, check] of Object.entries(formatChecks)) ajv.addFormat(`crd:${name}`, { type: 'string', validate: check });
  }
  return ajv;
}

const validators = new WeakMap<CustomVersion, ValidateFunction | Error>();

function validatorOf(version: CustomVersion): ValidateFunction | Error {
  let validate = validators.get(version);
  if (!validate) {
    try {
      validate = crdAjv().compile(
        toValidationSchema(version.raw ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }, { root: true }),
      );
    } catch (error) {
      validate = error instanceof Error ? error : new Error(String(error));
    }
    validators.set(version, validate);
  }
  return validate;
}

/**
 * Results by checked object: the linter's structure check and the CEL rule read the same one.
 * Kept while the object's file is linted (FileMemo says why).
 */
const results = new FileMemo<Json, { version: CustomVersion; result: { findings: StructuralFinding[]; stored: Json } }>();

/** The structural findings of a custom resource, and the value as the server would store it. */
export function validateCustomResource(version: CustomVersion, value: Json): { findings: StructuralFinding[]; stored: Json } {
  const known = results.get(value);
  if (known?.version === version) return known.result;
  const result = checkCustomResource(version, value);
  results.set(value, { version, result });
  return result;
}

function checkCustomResource(version: CustomVersion, value: Json): { findings: StructuralFinding[]; stored: Json } {
  const stored = defaultedValue(version.schema, value) as Json;
  const findings: StructuralFinding[] = [];
  const metadata = version.schema.properties?.metadata;
  if (metadata && stored.metadata !== undefined)
    findings.push(...validateStructure(metadata, stored.metadata).map((f) => ({ ...f, path: ['metadata', ...f.path] })));
  const validate = validatorOf(version);
  if (validate instanceof Error) {
    findings.push({
      ruleId: 'schema/type',
      path: [],
      target: 'value',
      message: `the schema of ${version.kind} (${version.group ? `${version.group}/` : ''}${version.version}) in ${version.origin === 'openapi' ? `the OpenAPI document ${version.source}` : `CustomResourceDefinition ${version.definition}`} cannot be read: ${validate.message}`,
    });
  } else if (!validate(stored)) {
    findings.push(...findingsOf(validate.errors ?? [], version.schema, stored));
  }
  findings.push(
    ...scaleFindings(version, stored),
    ...embeddedFindings(version.schema, stored, [], true),
    ...listFindings(version.schema, stored, []),
  );
  return { findings, stored };
}

/** Why the server's Go regexp would refuse a schema `pattern` (RE2 syntax), or undefined when it compiles. */
export function re2PatternProblem(pattern: string): string | undefined {
  try {
    RE2JS.compile(pattern);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const subtreeValidators = new WeakMap<RawSchema, ValidateFunction | Error>();

/**
 * The structural findings of a value checked against one place of a CRD schema, as the server
 * checks a `default` there (upstream schema/defaulting validation.go validate: unknown fields,
 * the schema's value validations, embedded resources and list types). Paths are relative to
 * the value. A schema the validator cannot compile gives no finding: the `crd/*` rules report
 * the schema itself.
 */
export function validateAgainstSchema(raw: RawSchema, value: unknown): StructuralFinding[] {
  let validate = subtreeValidators.get(raw);
  if (!validate) {
    try {
      validate = crdAjv().compile(toValidationSchema(raw));
    } catch (error) {
      validate = error instanceof Error ? error : new Error(String(error));
    }
    subtreeValidators.set(raw, validate);
  }
  if (validate instanceof Error) return [];
  const node = toSchemaNode(raw);
  const findings = validate(value) ? [] : findingsOf(validate.errors ?? [], node, value);
  return [...findings, ...embeddedFindings(node, value, [], false), ...listFindings(node, value, [])];
}

/** The replicas the scale subresource reads must be a non-negative int32 (upstream ValidateScaleSpec and ValidateScaleStatus). */
function scaleFindings(version: CustomVersion, value: Json): StructuralFinding[] {
  const out: StructuralFinding[] = [];
  for (const raw of [version.scale?.specReplicasPath, version.scale?.statusReplicasPath]) {
    if (!raw) continue;
    const path = raw.replace(/^\./, '').split('.');
    let current: unknown = value;
    for (const key of path) current = isJson(current) ? current[key] : undefined;
    if (current === undefined) continue;
    // A type the schema states is the schema's finding; the scale subresource reads any other.
    if (typeof current !== 'number' || !Number.isInteger(current)) {
      if (schemaAt(version.schema, path)?.type === undefined)
        out.push({
          ruleId: 'schema/type',
          path,
          target: 'value',
          message: `must be an integer (the scale subresource reads the replicas here), not ${describeValue(current)}`,
        });
    } else if (current < 0 || current > 2147483647)
      out.push({
        ruleId: 'schema/range',
        path,
        target: 'value',
        message: `${current} is out of range: the scale subresource's replicas must be a non-negative 32-bit integer`,
      });
  }
  return out;
}

/** An embedded resource names its apiVersion and kind (upstream schema/objectmeta validation.go). */
function embeddedFindings(schema: SchemaNode, value: unknown, path: PathSegment[], root: boolean): StructuralFinding[] {
  const out: StructuralFinding[] = [];
  walk(schema, value, path, (node, v, at) => {
    if (at === path && root) return;
    if (!node['x-kubernetes-embedded-resource'] || !isJson(v)) return;
    for (const field of ['apiVersion', 'kind']) {
      if (typeof v[field] !== 'string' || v[field] === '')
        out.push({
          ruleId: 'schema/required',
          path: [...at, field],
          target: 'parent-key',
          message: `missing required field "${field}": an embedded object names its apiVersion and kind`,
        });
    }
  });
  return out;
}

/**
 * A set holds each value once, and a list-map one item per combination of its keys
 * (upstream schema/listtype validation.go ValidateListSetsAndMaps).
 */
function listFindings(schema: SchemaNode, value: unknown, path: PathSegment[]): StructuralFinding[] {
  const out: StructuralFinding[] = [];
  walk(schema, value, path, (node, v, at) => {
    const type = node['x-kubernetes-list-type'];
    if (!Array.isArray(v) || (type !== 'set' && type !== 'map')) return;
    const keys = node['x-kubernetes-list-map-keys'] ?? [];
    const seen = new Map<string, number>();
    v.forEach((item, i) => {
      const identity =
        type === 'set'
          ? JSON.stringify(item)
          : isJson(item)
            ? JSON.stringify(keys.map((k) => item[k] ?? node.items?.properties?.[k]?.default ?? null))
            : undefined;
      if (identity === undefined) return;
      const first = seen.get(identity);
      if (first === undefined) seen.set(identity, i);
      else {
        const what =
          type === 'set'
            ? 'value'
            : `key (${keys.map((k) => `${k}: ${JSON.stringify(isJson(item) ? item[k] : undefined) ?? 'unset'}`).join(', ')})`;
        out.push({
          ruleId: 'schema/duplicate',
          path: [...at, i],
          target: 'value',
          message: `repeats the ${what} of item ${first}: this list holds each ${type === 'set' ? 'value' : 'key'} once`,
        });
      }
    });
  });
  return out;
}

/** Calls `visit` on every value the schema describes, depth first. */
function walk(
  schema: SchemaNode,
  value: unknown,
  path: PathSegment[],
  visit: (node: SchemaNode, value: unknown, path: PathSegment[]) => void,
): void {
  visit(schema, value, path);
  if (Array.isArray(value)) {
    if (schema.items) value.forEach((item, i) => walk(schema.items as SchemaNode, item, [...path, i], visit));
  } else if (isJson(value)) {
    for (const [key, child] of Object.entries(value)) {
      const node =
        schema.properties && Object.hasOwn(schema.properties, key) ? schema.properties[key] : schema.additionalProperties;
      if (node && !(path.length === 0 && key === 'metadata')) walk(node, child, [...path, key], visit);
    }
  }
}
