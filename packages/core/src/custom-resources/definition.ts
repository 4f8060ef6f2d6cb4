// A CustomResourceDefinition read as the API server serves it: each served version becomes a
// kind with its own structural schema. Only what serving needs is read here; whether the
// definition itself would be admitted is the business of the `crd/*` rules.
import type { SchemaNode } from '../schema/tree.js';
import { toSchemaNode, type RawSchema } from './structural.js';

export const CRD_GROUP = 'apiextensions.plat.io';
export const CRD_API_VERSION = `${CRD_GROUP}/v1`;
export const CRD_KIND = 'CustomResourceDefinition';

/** One served version of a custom resource. */
export interface CustomVersion {
  group: string;
  version: string;
  kind: string;
  listKind: string;
  plural: string;
  namespaced: boolean;
  served: boolean;
  storage: boolean;
  subresources: string[];
  /** The version's `openAPIV3Schema` as written (undefined when the version has none). */
  raw: RawSchema | undefined;
  /** The schema tree of the version, with `apiVersion`, `kind` and `metadata` as the server types them. */
  schema: SchemaNode;
  /** Where the definition came from (a file path, `cluster`, ...), to name both sources of a kind defined twice. */
  source: string;
  /** `metadata.name` of the definition. */
  definition: string;
  /**
   * `crd`: a CustomResourceDefinition, checked as the server checks custom resources.
   * `openapi`: a kind of the platform's OpenAPI documents (./openapi.ts), whose schema holds
   * only what the server refuses when it decodes an object.
   */
  origin: 'crd' | 'openapi';
  /** The scale subresource's paths, which the server checks on every write. */
  scale?: { specReplicasPath?: string; statusReplicasPath?: string };
}

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export function isCustomResourceDefinition(value: unknown): value is Json {
  return isJson(value) && value.apiVersion === CRD_API_VERSION && value.kind === CRD_KIND;
}

/**
 * The versions of a definition, served or not (an object naming a version that is not served
 * is refused: the caller needs to know the version exists). A definition without a group or a
 * kind defines nothing.
 */
export function customVersionsOf(
  crd: Json,
  source: string,
  objectMeta: SchemaNode,
  origin: CustomVersion['origin'] = 'crd',
): CustomVersion[] {
  const spec = isJson(crd.spec) ? crd.spec : {};
  const names = isJson(spec.names) ? spec.names : {};
  const group = typeof spec.group === 'string' ? spec.group : '';
  const kind = typeof names.kind === 'string' ? names.kind : '';
  // Only the platform's own OpenAPI kinds may be of the core group (its group is empty).
  if ((!group && origin === 'crd') || !kind) return [];
  const plural = typeof names.plural === 'string' && names.plural ? names.plural : kind.toLowerCase();
  const listKind = typeof names.listKind === 'string' && names.listKind ? names.listKind : `${kind}List`;
  const metadata = isJson(crd.metadata) ? crd.metadata : {};
  const definition = typeof metadata.name === 'string' ? metadata.name : `${plural}.${group}`;
  const out: CustomVersion[] = [];
  for (const v of Array.isArray(spec.versions) ? spec.versions : []) {
    if (!isJson(v) || typeof v.name !== 'string' || !v.name) continue;
    const raw = isJson(v.schema) && isJson(v.schema.openAPIV3Schema) ? (v.schema.openAPIV3Schema as RawSchema) : undefined;
    const subresources = isJson(v.subresources) ? v.subresources : {};
    const scale = isJson(subresources.scale) ? subresources.scale : undefined;
    out.push({
      group,
      version: v.name,
      kind,
      listKind,
      plural,
      namespaced: spec.scope !== 'Cluster',
      served: v.served === true,
      storage: v.storage === true,
      subresources: Object.keys(subresources),
      raw,
      schema: rootSchema(raw, objectMeta),
      source,
      definition,
      origin,
      ...(scale
        ? {
            scale: {
              ...(typeof scale.specReplicasPath === 'string' ? { specReplicasPath: scale.specReplicasPath } : {}),
              ...(typeof scale.statusReplicasPath === 'string' ? { statusReplicasPath: scale.statusReplicasPath } : {}),
            },
          }
        : {}),
    });
    versionOfSchema.set((out.at(-1) as CustomVersion).schema, out.at(-1) as CustomVersion);
  }
  return out;
}

const versionOfSchema = new WeakMap<SchemaNode, CustomVersion>();

/** The CRD version whose root schema this is (rules see a kind's schema, not the catalog). */
export function customVersionOf(schema: SchemaNode): CustomVersion | undefined {
  return versionOfSchema.get(schema);
}

/**
 * The root of a custom resource's schema: the server types `apiVersion` and `kind` as strings
 * and `metadata` as ObjectMeta whatever the definition says of them (a definition may only
 * narrow `metadata.name` and `generateName`, which the raw schema keeps for validation).
 */
function rootSchema(raw: RawSchema | undefined, objectMeta: SchemaNode): SchemaNode {
  const tree = raw ? toSchemaNode(raw) : { type: 'object' as const, 'x-kubernetes-preserve-unknown-fields': true as const };
  return {
    ...tree,
    type: 'object',
    properties: { ...tree.properties, apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: objectMeta },
  };
}
