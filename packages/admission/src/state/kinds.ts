// What the engine knows about a kind: its schema, scope and plural resource, from the
// catalog (every kind of api-types.json) or from a CRD in the state. Anything else has no
// schema; callers fall back to schema-less handling and say so.
import { catalog, type SchemaNode } from '@platlint/core';
import { isObject, type JsonObject } from '../json.js';
import type { GroupVersionKind } from '../types.js';
import type { State } from './state.js';

export interface KindFacts {
  group: string;
  version: string;
  kind: string;
  resource: string | null;
  namespaced: boolean;
  subresources: readonly string[];
  schema: SchemaNode | undefined;
  source: 'catalog' | 'crd';
}

export function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

export function apiVersionOf(group: string, version: string): string {
  return group ? `${group}/${version}` : version;
}

interface CrdVersion {
  crd: JsonObject;
  group: string;
  version: string;
  kind: string;
  plural: string;
  namespaced: boolean;
  subresources: string[];
  schema: SchemaNode | undefined;
}

const crdCache = new WeakMap<JsonObject, CrdVersion[]>();

/** The served versions of a CRD, each with its schema (metadata typed as ObjectMeta). */
export function crdVersions(crd: JsonObject): CrdVersion[] {
  const cached = crdCache.get(crd);
  if (cached) return cached;
  const spec = isObject(crd.spec) ? crd.spec : {};
  const names = isObject(spec.names) ? spec.names : {};
  const group = typeof spec.group === 'string' ? spec.group : '';
  const kind = typeof names.kind === 'string' ? names.kind : '';
  const plural = typeof names.plural === 'string' ? names.plural : `${kind.toLowerCase()}s`;
  const namespaced = spec.scope !== 'Cluster';
  const out: CrdVersion[] = [];
  for (const v of Array.isArray(spec.versions) ? spec.versions : []) {
    if (!isObject(v) || typeof v.name !== 'string' || v.served === false) continue;
    const raw = isObject(v.schema) && isObject(v.schema.openAPIV3Schema) ? v.schema.openAPIV3Schema : undefined;
    const subs = isObject(v.subresources) ? Object.keys(v.subresources) : [];
    out.push({ crd, group, version: v.name, kind, plural, namespaced, subresources: subs, schema: raw ? withObjectMeta(raw as SchemaNode) : undefined });
  }
  crdCache.set(crd, out);
  return out;
}

// A CRD schema leaves metadata open; the API server types it as ObjectMeta, which decides
// how labels, finalizers and owner references merge.
function withObjectMeta(schema: SchemaNode): SchemaNode {
  return {
    ...schema,
    type: 'object',
    properties: {
      ...schema.properties,
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: catalog.typeSchema('meta/v1.ObjectMeta'),
    },
  };
}

function fromCatalog(apiVersion: string, kind: string): KindFacts | undefined {
  const match = catalog.lookup(apiVersion, kind);
  if (!match || match.isList) return undefined;
  const info = match.info;
  return { group: info.group, version: info.version, kind: info.kind, resource: info.resource, namespaced: info.namespaced, subresources: info.subresources, schema: catalog.schema(info), source: 'catalog' };
}

function fromCrds(state: State, group: string, version: string, match: (v: CrdVersion) => boolean): KindFacts | undefined {
  for (const crd of state.crds) {
    for (const v of crdVersions(crd)) {
      if (v.group === group && v.version === version && match(v)) {
        return { group, version, kind: v.kind, resource: v.plural, namespaced: v.namespaced, subresources: v.subresources, schema: v.schema, source: 'crd' };
      }
    }
  }
  return undefined;
}

export function kindFacts(state: State, gvk: GroupVersionKind): KindFacts | undefined {
  return fromCatalog(apiVersionOf(gvk.group, gvk.version), gvk.kind) ?? fromCrds(state, gvk.group, gvk.version, (v) => v.kind === gvk.kind);
}

export function kindFactsByApiVersion(state: State, apiVersion: string, kind: string): KindFacts | undefined {
  const { group, version } = splitApiVersion(apiVersion);
  return kindFacts(state, { group, version, kind });
}

