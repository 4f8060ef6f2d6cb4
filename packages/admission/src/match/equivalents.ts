// Equivalent resources for `matchPolicy: Equivalent`: the same stored resource served under
// other groups or versions. From api-types.json's `equivalentResources` (both directions:
// a request for extensions/v1beta1 deployments is equivalent to apps/v1 as well), plus the
// served versions of each CRD in the state.
import { catalog } from '@platlint/core';
import { servedVersions, splitApiVersion } from '../state/kinds.js';
import type { State } from '../state/state.js';
import type { GroupVersionKind, GroupVersionResource } from '../types.js';

export interface EquivalentResource {
  resource: GroupVersionResource;
  kind: GroupVersionKind;
  subresources: readonly string[];
}

type Classes = Map<string, EquivalentResource[]>;

function key(r: GroupVersionResource): string {
  return `${r.group}/${r.version}/${r.resource}`;
}

// Equivalence classes, joined when two kind entries name each other (PriorityClass).
function addClass(classes: Classes, members: EquivalentResource[]): void {
  const joined = new Map<string, EquivalentResource>();
  for (const m of members) {
    for (const existing of classes.get(key(m.resource)) ?? [m]) joined.set(key(existing.resource), existing);
  }
  const list = [...joined.values()];
  for (const m of list) classes.set(key(m.resource), list);
}

let catalogClasses: Classes | undefined;

function fromCatalog(): Classes {
  if (catalogClasses) return catalogClasses;
  const classes: Classes = new Map();
  for (const info of catalog.kinds) {
    if (!info.resource) continue;
    const members: EquivalentResource[] = [
      {
        resource: { group: info.group, version: info.version, resource: info.resource },
        kind: { group: info.group, version: info.version, kind: info.kind },
        subresources: info.subresources,
      },
    ];
    for (const e of info.entry.equivalentResources ?? []) {
      if (!e.resource) continue;
      const { group, version } = splitApiVersion(e.apiVersion);
      members.push({
        resource: { group, version, resource: e.resource },
        kind: { group, version, kind: e.kind },
        subresources: e.subresources ?? [],
      });
    }
    addClass(classes, members);
  }
  catalogClasses = classes;
  return classes;
}

const stateClasses = new WeakMap<State, Classes>();

function classesFor(state: State): Classes {
  const cached = stateClasses.get(state);
  if (cached) return cached;
  const classes: Classes = new Map(fromCatalog());
  for (const crd of state.crds) {
    const members = servedVersions(crd).map((v) => ({
      resource: { group: v.group, version: v.version, resource: v.plural },
      kind: { group: v.group, version: v.version, kind: v.kind },
      subresources: v.subresources,
    }));
    if (members.length > 0) addClass(classes, members);
  }
  stateClasses.set(state, classes);
  return classes;
}

/** The resources equivalent to `resource` (itself excluded) that serve `subResource`. */
export function equivalentsOf(state: State, resource: GroupVersionResource, subResource: string): EquivalentResource[] {
  const members = classesFor(state).get(key(resource)) ?? [];
  return members.filter((m) => key(m.resource) !== key(resource) && (subResource === '' || m.subresources.includes(subResource)));
}

/**
 * The kind a request for `subResource` of the equivalent resource `e` would carry, as the
 * platform's resource mapper names it: a subresource that serves the object itself (status)
 * takes the equivalent's own kind; scale is autoscaling/v1's Scale except in the beta versions
 * of apps and extensions, which served a Scale of their own; any other keeps the request's kind.
 */
export function subresourceKindOf(e: EquivalentResource, subResource: string, requestKind: GroupVersionKind): GroupVersionKind {
  if (subResource === '' || requestKind.kind === e.kind.kind) return e.kind;
  if (subResource === 'scale') {
    const ownScale =
      (e.resource.group === 'apps' || e.resource.group === 'extensions') && /(alpha|beta)/.test(e.resource.version);
    return ownScale
      ? { group: e.resource.group, version: e.resource.version, kind: 'Scale' }
      : { group: 'autoscaling', version: 'v1', kind: 'Scale' };
  }
  return requestKind;
}
