import { catalog } from '../kinds/catalog.js';
import type { KindInfo } from '../kinds/catalog.js';
import { platlintInfo } from '../schema/tree.js';
import type { SchemaNode } from '../schema/tree.js';
import { toJsonSchema } from '../validate/json-schema.js';

/**
 * JSON Schemas of the kinds, for other YAML tooling (yaml-language-server, IDE plugins, any
 * draft-07 validator). Validation is the JSON Schema platlint's validator compiles
 * (`toJsonSchema`) with each platform format written as standard JSON Schema (patterns and
 * `anyOf` rather than format names other tools read differently; ../validate/standard-formats.ts);
 * on top of it go the annotations that the validator does not need: descriptions, defaults
 * and deprecations of the schema tree, and `apiVersion`/`kind` pinned to the kind.
 */
export interface ExportedSchema {
  fileName: string;
  /** The kinds the file describes. */
  kinds: { apiVersion: string; kind: string }[];
  schema: Record<string, unknown>;
}

type Json = Record<string, unknown>;

const DRAFT = 'http://json-schema.org/draft-07/schema#';

/**
 * One schema per kind asked for (by `Kind` or `apiVersion/Kind`, case-insensitive for the
 * kind), or for every kind platlint lints plus one schema for all of them, which picks the
 * kind's schema by `apiVersion` and `kind`. Throws on a name no kind has.
 */
export function exportJsonSchemas(names: readonly string[] = []): ExportedSchema[] {
  const lintable = catalog.kinds.filter((k) => k.lintable);
  const chosen: KindInfo[] = [];
  for (const name of names) {
    const found = lintable.filter((k) => `${k.apiVersion}/${k.kind}` === name || k.kind.toLowerCase() === name.toLowerCase());
    if (found.length === 0)
      throw new Error(`unknown kind "${name}"; kinds: ${[...new Set(lintable.map((k) => k.kind))].join(', ')}`);
    for (const k of found) if (!chosen.includes(k)) chosen.push(k);
  }
  const kinds = names.length ? chosen : lintable;
  const out = kinds.map((info) => ({
    fileName: schemaFileName(info),
    kinds: [{ apiVersion: info.apiVersion, kind: info.kind }],
    schema: kindSchema(info),
  }));
  if (names.length === 0) out.push(allKindsSchema(kinds));
  return out;
}

export function schemaFileName(info: KindInfo): string {
  return `${info.kind.toLowerCase()}-${info.apiVersion.replace(/[^A-Za-z0-9]+/g, '-')}.schema.json`;
}

/** The schema of one kind: the validator's schema, annotated, with apiVersion and kind pinned. */
export function kindSchema(info: KindInfo): Json {
  const tree = catalog.schema(info);
  const compiled = toJsonSchema(tree, { formats: 'standard' }) as Json;
  const definitions = (compiled.definitions ?? {}) as Record<string, Json>;
  const annotated = new Set<string>();

  // Walks the tree and the JSON Schema together; a `$ref` is followed once per definition.
  const annotate = (json: Json, node: SchemaNode): Json => {
    const ref = typeof json.$ref === 'string' ? json.$ref.slice('#/definitions/'.length) : undefined;
    if (ref !== undefined) {
      const definition = definitions[ref];
      if (definition && !annotated.has(ref)) {
        annotated.add(ref);
        annotateBody(definition, node);
      }
      // Draft-07 ignores keywords beside `$ref`: the field's own text goes on a wrapper.
      const notes = notesOf(node);
      return Object.keys(notes).length ? { ...notes, allOf: [json] } : json;
    }
    annotateBody(json, node);
    Object.assign(json, notesOf(node));
    return json;
  };
  const annotateBody = (json: Json, node: SchemaNode): void => {
    const properties = json.properties as Record<string, Json> | undefined;
    if (properties && node.properties) {
      for (const [key, child] of Object.entries(node.properties)) {
        if (properties[key]) properties[key] = annotate(properties[key], child);
      }
    }
    if (json.items && node.items && typeof json.items === 'object') json.items = annotate(json.items as Json, node.items);
    if (json.additionalProperties && typeof json.additionalProperties === 'object' && node.additionalProperties)
      json.additionalProperties = annotate(json.additionalProperties as Json, node.additionalProperties);
  };

  const { definitions: _, ...top } = compiled;
  const { $ref, allOf, ...rest } = annotate(top, tree);
  // The root is a reference to the kind's type: apiVersion and kind are pinned beside it.
  const pinned = {
    properties: { apiVersion: { const: info.apiVersion }, kind: { const: info.kind } },
    required: ['apiVersion', 'kind'],
  };
  return {
    $schema: DRAFT,
    title: `${info.kind} (${info.apiVersion})`,
    ...rest,
    allOf: [...((allOf as Json[] | undefined) ?? []), ...($ref ? [{ $ref }] : []), pinned],
    definitions,
  };
}

function notesOf(node: SchemaNode): Json {
  const notes: Json = {};
  if (node.description) notes.description = node.description;
  if (node.default !== undefined) notes.default = node.default;
  const x = platlintInfo(node);
  if (x.deprecated) notes.deprecated = true;
  if (x.knownValues?.length && !node.enum) notes.examples = x.knownValues;
  return notes;
}

/** One schema for a file of any of these kinds: each document is checked against its kind's schema. */
function allKindsSchema(kinds: readonly KindInfo[]): ExportedSchema {
  const definitions: Json = {};
  const branches: Json[] = [];
  for (const info of kinds) {
    const prefix = schemaFileName(info).replace(/\.schema\.json$/, '');
    const schema = kindSchema(info);
    // Each kind's definitions move under a prefix so that types of the same id do not collide.
    const rename = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rename);
      if (!value || typeof value !== 'object') return value;
      const out: Json = {};
      for (const [k, v] of Object.entries(value as Json))
        out[k] = k === '$ref' && typeof v === 'string' ? v.replace('#/definitions/', `#/definitions/${prefix}.`) : rename(v);
      return out;
    };
    for (const [name, def] of Object.entries(schema.definitions as Json)) definitions[`${prefix}.${name}`] = rename(def);
    const { definitions: _d, $schema: _s, title: _t, ...body } = schema;
    definitions[prefix] = rename(body);
    branches.push({
      if: {
        properties: { apiVersion: { const: info.apiVersion }, kind: { const: info.kind } },
        required: ['apiVersion', 'kind'],
      },
      then: { $ref: `#/definitions/${prefix}` },
    });
  }
  return {
    fileName: 'platlint.schema.json',
    kinds: kinds.map((k) => ({ apiVersion: k.apiVersion, kind: k.kind })),
    schema: { $schema: DRAFT, title: 'platlint kinds', type: 'object', allOf: branches, definitions },
  };
}
