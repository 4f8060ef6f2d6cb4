// What the engine knows about a kind: its schema, scope and plural resource, from the
// catalog (every kind of api-types.json) or from a CRD in the state, read by core's
// customVersionsOf as the linter reads it. A kind that is neither has no schema: a policy
// mutating it is refused, as the API server refuses it (admit.ts).
import { catalog, customVersionsOf, type CustomVersion, type DefinitionSource, type SchemaNode } from '@platlint/core';
import { metadataString, type JsonObject } from '../json.js';
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
  return slash < 0
    ? { group: '', version: apiVersion }
    : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

export function apiVersionOf(group: string, version: string): string {
  return group ? `${group}/${version}` : version;
}

/** A CRD of the state as core names a definition's source. */
function sourceOf(crd: JsonObject): string {
  return `CustomResourceDefinition/${metadataString(crd, 'name')}`;
}

/** CRDs of a state as core's definition sources (for a LintEngine's `definitions`). */
export function definitionSources(crds: readonly JsonObject[]): DefinitionSource[] {
  return crds.map((crd) => ({ source: sourceOf(crd), value: crd }));
}

/** Whether two lists hold the very same CRD objects (states share the frozen objects of the CRDs that did not change). */
export function sameCrds(a: readonly JsonObject[], b: readonly JsonObject[]): boolean {
  return a === b || (a.length === b.length && a.every((crd, i) => crd === b[i]));
}

// A state's CRD objects are frozen and shared by the states that follow it, so their
// versions are read once per object, not once per state.
const versionsCache = new WeakMap<JsonObject, CustomVersion[]>();

/** The served versions of a CRD, each with its schema tree (metadata typed as ObjectMeta). */
export function servedVersions(crd: JsonObject): CustomVersion[] {
  let versions = versionsCache.get(crd);
  if (!versions) {
    versions = customVersionsOf(crd, sourceOf(crd), catalog.typeSchema('meta/v1.ObjectMeta')).filter((v) => v.served);
    versionsCache.set(crd, versions);
  }
  return versions;
}

function fromCatalog(apiVersion: string, kind: string): KindFacts | undefined {
  const match = catalog.lookup(apiVersion, kind);
  if (!match || match.isList) return undefined;
  const info = match.info;
  return {
    group: info.group,
    version: info.version,
    kind: info.kind,
    resource: info.resource,
    namespaced: info.namespaced,
    subresources: info.subresources,
    schema: catalog.schema(info),
    source: 'catalog',
  };
}

/** The first CRD of the state (in load order) that serves the kind; built-in kinds stay authoritative. */
function fromCrds(state: State, gvk: GroupVersionKind): KindFacts | undefined {
  for (const crd of state.crds) {
    for (const v of servedVersions(crd)) {
      if (v.group === gvk.group && v.version === gvk.version && v.kind === gvk.kind) {
        return {
          group: v.group,
          version: v.version,
          kind: v.kind,
          resource: v.plural,
          namespaced: v.namespaced,
          subresources: v.subresources,
          schema: v.schema,
          source: 'crd',
        };
      }
    }
  }
  return undefined;
}

export function kindFacts(state: State, gvk: GroupVersionKind): KindFacts | undefined {
  return fromCatalog(apiVersionOf(gvk.group, gvk.version), gvk.kind) ?? fromCrds(state, gvk);
}

export function kindFactsByApiVersion(state: State, apiVersion: string, kind: string): KindFacts | undefined {
  const { group, version } = splitApiVersion(apiVersion);
  return kindFacts(state, { group, version, kind });
}
