// The platform's OpenAPI v3 documents as a source of kinds: the API server serves an index at
// /openapi/v3 and one document per group-version (upstream kube-openapi pkg/handler3,
// handler.go: OpenAPIV3Discovery's `paths` → `serverRelativeURL`; pkg/spec3, spec.go OpenAPI:
// `paths` and `components.schemas`). Each kind's schema carries
// `x-kubernetes-group-version-kind`; fields point at other schemas with `$ref`, or with
// `allOf: [{$ref}]` where the field has a default or description of its own.
//
// A kind becomes a definition of the same form a CustomResourceDefinition takes (so every
// thread of a run builds its catalog the same way, ./sources.ts), with a schema that keeps
// only what the server refuses with certainty when it decodes an object of a built-in type:
// wrong types, unknown fields (kubectl asks for strict field validation), integers beyond
// their width, malformed quantities, int-or-strings and base64 bytes. `required` and `enum`
// are left out: for built-in types the server does not read them (a missing field decodes to
// its zero value, and only the type's validation code decides), so a finding would be a guess.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { textDigest } from '../fix/write-fixes.js';
import { FileNotFoundError } from '../lint/find-files.js';
import { readBoundedFileSync } from '../source/read-bounded.js';
import { CRD_API_VERSION, CRD_KIND } from './definition.js';
import type { DefinitionSource } from './sources.js';
import { DECODED_AS, NUMBER_OR_STRING, type RawSchema } from './structural.js';

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A file of an OpenAPI directory that cannot be read as JSON: the run would miss its kinds. */
export class OpenApiDocumentError extends Error {}

const REF_PREFIX = '#/components/schemas/';

/**
 * Go's int32 and int64: a JSON number beyond them does not decode (encoding/json, strconv).
 * 2^63 is the nearest double above int64's largest value, so the bound is exclusive there.
 */
const WIDTHS: Record<string, RawSchema> = {
  int32: { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 },
  int64: { minimum: -(2 ** 63), maximum: 2 ** 63, exclusiveMaximum: true },
};

/**
 * Types whose Go decoding is their own (a custom UnmarshalJSON), by schema name:
 * apimachinery's resource.Quantity takes a string or a number that parses as a quantity
 * (quantity.go UnmarshalJSON), intstr.IntOrString an int32 or a string (intstr.go
 * UnmarshalJSON); runtime.RawExtension and apiextensions' JSON take any value.
 */
const QUANTITY: RawSchema = { [NUMBER_OR_STRING]: true, format: 'quantity', [DECODED_AS]: 'quantity' };
const INT_OR_STRING: RawSchema = { 'x-kubernetes-int-or-string': true, ...WIDTHS.int32 };
const ANYTHING: RawSchema = { 'x-kubernetes-preserve-unknown-fields': true };
const NAMED: Record<string, RawSchema> = {
  'io.k8s.apimachinery.pkg.api.resource.Quantity': QUANTITY,
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': INT_OR_STRING,
  'io.k8s.apimachinery.pkg.runtime.RawExtension': ANYTHING,
  'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON': ANYTHING,
};

/** The kinds of one OpenAPI v3 document, each as a definition (`source` names the file). */
export function openApiDefinitions(document: unknown, source: string, digest?: string): DefinitionSource[] {
  if (!isJson(document) || !isJson(document.components) || !isJson(document.components.schemas)) return [];
  const schemas = document.components.schemas as Record<string, unknown>;
  const served = servedKinds(document.paths);
  const converter = new Converter(schemas, source);
  const out: DefinitionSource[] = [];
  for (const [name, schema] of Object.entries(schemas)) {
    const gvk = kindOf(schema);
    // Lists are the envelopes of their kinds; the catalog makes those.
    if (
      !gvk ||
      (gvk.kind.endsWith('List') && isJson((schema as Json).properties) && 'items' in ((schema as Json).properties as Json))
    )
      continue;
    const paths = served.get(`${gvk.group}/${gvk.version}/${gvk.kind}`);
    const plural = paths?.plural ?? `${gvk.kind.toLowerCase()}s`;
    const raw = converter.kind(name, `${gvk.kind} (${gvk.group ? `${gvk.group}/` : ''}${gvk.version})`);
    out.push({
      source: `${source} (${name})`,
      origin: 'openapi',
      ...(digest ? { digest } : {}),
      value: {
        apiVersion: CRD_API_VERSION,
        kind: CRD_KIND,
        metadata: { name: `${plural}.${gvk.group || 'core'}` },
        spec: {
          group: gvk.group,
          names: { kind: gvk.kind, plural, listKind: `${gvk.kind}List` },
          scope: paths?.namespaced === false ? 'Cluster' : 'Namespaced',
          versions: [{ name: gvk.version, served: true, storage: true, schema: { openAPIV3Schema: raw } }],
        },
      },
    });
  }
  return out;
}

/** The one group-version-kind a schema is the body of; none for shared types (DeleteOptions names many). */
function kindOf(schema: unknown): { group: string; version: string; kind: string } | undefined {
  const list = isJson(schema) ? schema['x-kubernetes-group-version-kind'] : undefined;
  if (!Array.isArray(list) || list.length !== 1 || !isJson(list[0])) return undefined;
  const { group, version, kind } = list[0];
  return typeof group === 'string' && typeof version === 'string' && typeof kind === 'string' && version && kind
    ? { group, version, kind }
    : undefined;
}

/**
 * Plural resource and scope of each kind, from the operations of the document's paths
 * (`x-kubernetes-group-version-kind` on each operation): a kind with a path under
 * `namespaces/{namespace}/` is namespaced. Without paths the kind is taken as namespaced,
 * which only decides whether `metadata.namespace` belongs.
 */
function servedKinds(paths: unknown): Map<string, { plural: string; namespaced: boolean }> {
  const out = new Map<string, { plural: string; namespaced: boolean }>();
  if (!isJson(paths)) return out;
  for (const [path, item] of Object.entries(paths)) {
    if (!isJson(item)) continue;
    for (const operation of Object.values(item)) {
      if (!isJson(operation) || !['post', 'list'].includes(String(operation['x-kubernetes-action']))) continue;
      const gvk = operation['x-kubernetes-group-version-kind'];
      if (!isJson(gvk)) continue;
      const plural = path
        .split('/')
        .filter((s) => s && !s.startsWith('{'))
        .at(-1);
      if (!plural) continue;
      const key = `${String(gvk.group)}/${String(gvk.version)}/${String(gvk.kind)}`;
      const namespaced = path.includes('/namespaces/{namespace}/');
      const known = out.get(key);
      out.set(key, { plural: known?.plural ?? plural, namespaced: (known?.namespaced ?? false) || namespaced });
    }
  }
  return out;
}

/**
 * A kind's schema, references inlined, is at most this many schemas, this deep. A real Pod's is a
 * few thousand; a document whose types refer to each other twice at every level would otherwise
 * expand exponentially, and one nested without end would exhaust the stack of whatever walks it.
 */
const MAX_SCHEMAS = 250_000;
const MAX_DEPTH = 200;

/**
 * Turns a document's schemas into the CRD schema form, references inlined. A named schema is
 * converted once and shared wherever it is referred to (the kinds of a document share most of
 * their types), so the result is a graph without cycles; its expanded size and depth are
 * measured as it is built.
 */
class Converter {
  private readonly done = new Map<string, RawSchema>();
  private readonly measures = new WeakMap<RawSchema, { size: number; depth: number }>();

  constructor(
    private readonly schemas: Record<string, unknown>,
    private readonly source: string,
  ) {}

  /** The schema of a kind, refused when it expands beyond MAX_SCHEMAS or MAX_DEPTH. */
  kind(name: string, kind: string): RawSchema {
    const raw = this.named(name, [], kind);
    const { size, depth } = this.measure(raw);
    if (size > MAX_SCHEMAS || depth > MAX_DEPTH) this.refuse(kind, depth > MAX_DEPTH);
    return raw;
  }

  private refuse(kind: string, deep: boolean): never {
    throw new OpenApiDocumentError(
      `${this.source}: the schema of ${kind} ${deep ? `is nested more than ${MAX_DEPTH} levels deep` : `expands to more than ${MAX_SCHEMAS} schemas once its references are followed`}; not a document platlint can read`,
    );
  }

  /**
   * A named schema; one met again inside itself (a recursive type) takes any value there. The
   * first conversion of a name is kept: where a recursive type is cut depends on where it was
   * first met, which only decides how deep its values are checked.
   */
  private named(name: string, stack: readonly string[], kind: string): RawSchema {
    if (Object.hasOwn(NAMED, name)) return NAMED[name] as RawSchema;
    const known = this.done.get(name);
    if (known) return known;
    const schema = Object.hasOwn(this.schemas, name) ? this.schemas[name] : undefined;
    if (!isJson(schema) || stack.includes(name)) return ANYTHING;
    if (stack.length > MAX_DEPTH) this.refuse(kind, true);
    const raw = this.convert(schema, [...stack, name], kind, 0);
    this.done.set(name, raw);
    return raw;
  }

  private convert(node: Json, stack: readonly string[], kind: string, depth: number): RawSchema {
    if (depth > MAX_DEPTH) this.refuse(kind, true);
    const next = (child: Json): RawSchema => this.convert(child, stack, kind, depth + 1);
    if (typeof node.$ref === 'string')
      return node.$ref.startsWith(REF_PREFIX) ? this.named(node.$ref.slice(REF_PREFIX.length), stack, kind) : ANYTHING;
    // `allOf: [{$ref}]` is a reference that carries the field's own default.
    if (Array.isArray(node.allOf) && node.allOf.length === 1 && isJson(node.allOf[0]) && !node.type && !node.properties) {
      const inner = next(node.allOf[0]);
      if (node.default === undefined) return inner;
      const withDefault = { ...inner, default: node.default };
      this.measures.set(withDefault, this.measure(inner));
      return withDefault;
    }
    if (node['x-kubernetes-int-or-string'] === true || node.format === 'int-or-string') return INT_OR_STRING;
    if (node.format === 'quantity') return QUANTITY;
    const out: RawSchema = {};
    const type = typeof node.type === 'string' ? node.type : isJson(node.properties) ? 'object' : undefined;
    if (type) out.type = type;
    if (type === 'integer' && typeof node.format === 'string' && Object.hasOwn(WIDTHS, node.format))
      Object.assign(out, WIDTHS[node.format]);
    // Base64 is the one string format Go's decoding checks ([]byte fields such as a Secret's data).
    if (type === 'string' && node.format === 'byte') Object.assign(out, { format: 'byte', [DECODED_AS]: 'byte' });
    if (node.nullable === true) out.nullable = true;
    if (node.default !== undefined) out.default = node.default;
    for (const key of ['x-kubernetes-preserve-unknown-fields', 'x-kubernetes-embedded-resource'] as const)
      if (node[key] === true) out[key] = true;
    const children: RawSchema[] = [];
    const child = (value: Json): RawSchema => {
      const converted = next(value);
      children.push(converted);
      return converted;
    };
    if (isJson(node.properties))
      out.properties = Object.fromEntries(
        Object.entries(node.properties)
          .filter(([, v]) => isJson(v))
          .map(([k, v]) => [k, child(v as Json)]),
      );
    if (isJson(node.additionalProperties)) out.additionalProperties = child(node.additionalProperties);
    else if (type === 'object' && !isJson(node.properties)) out['x-kubernetes-preserve-unknown-fields'] = true; // an object the document leaves open (FieldsV1 and the like)
    if (isJson(node.items)) out.items = child(node.items);
    // A field of several types (`oneOf` of plain types, as OpenAPIV3OneOfTypes writes them) takes any of them.
    const choices = Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : undefined;
    if (choices && !type) out.anyOf = choices.filter(isJson).map(child);
    let size = 1;
    let deepest = 0;
    for (const c of children) {
      const m = this.measure(c);
      // Capped, so that the sum of a graph that doubles at every level stays a number.
      size = Math.min(size + m.size, MAX_SCHEMAS + 1);
      deepest = Math.max(deepest, m.depth);
    }
    this.measures.set(out, { size, depth: deepest + 1 });
    return out;
  }

  private measure(raw: RawSchema): { size: number; depth: number } {
    return this.measures.get(raw) ?? { size: 1, depth: 1 };
  }
}

/**
 * The definitions of every OpenAPI document in these paths: a file, or a directory whose
 * `*.json` files (below it too) are read whatever their names (`api__v1.json` as
 * `kubectl get --raw` output is usually saved, `apis__apps__v1.json`, ...). Files that are JSON
 * but no group-version document (the /openapi/v3 index) hold no kinds; a file that is not JSON
 * throws OpenApiDocumentError, a path that does not exist FileNotFoundError.
 */
export function readOpenApiDocuments(paths: readonly string[]): DefinitionSource[] {
  return paths.flatMap((path) =>
    jsonFilesUnder(path).flatMap((file) => {
      const text = readDocument(file);
      return openApiDefinitions(parseDocument(file, text), file, textDigest(text));
    }),
  );
}

function jsonFilesUnder(path: string): string[] {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch {
    throw new FileNotFoundError(`${path}: no such file or directory (OpenAPI documents)`);
  }
  if (!isDirectory) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) =>
      entry.isDirectory()
        ? jsonFilesUnder(join(path, entry.name))
        : entry.isFile() && entry.name.endsWith('.json')
          ? [join(path, entry.name)]
          : [],
    );
}

function readDocument(file: string): string {
  try {
    return readBoundedFileSync(file).toString('utf8');
  } catch (error) {
    throw new OpenApiDocumentError(`${file}: cannot be read as an OpenAPI document: ${(error as Error).message}`);
  }
}

function parseDocument(file: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new OpenApiDocumentError(
      `${file}: not an OpenAPI document (not JSON: ${(error as Error).message}); save documents with \`platlint schema pull\` or \`kubectl get --raw /openapi/v3/<group-version>\``,
    );
  }
}
