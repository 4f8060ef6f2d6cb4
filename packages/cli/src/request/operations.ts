// The table of API operations: spec document A's operation shapes applied to every served
// kind of the catalog (its group, version, plural resource, scope and subresources).
//
// What the spec shows and what it leaves "not shown":
// - Document A shows Create, Patch, Replace, Delete and Delete Collection for Endpoints,
//   Event and Deployment; Read and List (its query only from `pretty` on) for Event; the
//   status and scale sub-paths of Deployment. Read, List and Watch of Endpoints and
//   Deployment are "not shown".
// - Document B shows the writes and status of CompositePodGroup plus its all-namespaces
//   watch; for PodGroup only the list over all namespaces and the three watch paths (the
//   query of the all-namespaces watch beyond its first parameter is "not shown"); the writes
//   of DeviceTaintRule and FlowSchema. Everything else of those kinds is "not shown".
// - Document C shows the writes of MutatingAdmissionPolicy; Read, List and Watch are "not
//   shown". The binding kind and the supporting kinds have no endpoint section at all.
//
// Choice: a "not shown" operation is accepted with the upstream convention, since the spec
// says the structure is real and defers to upstream where it is silent. That convention is
// the same shape table applied uniformly: Read is GET on the item path with QS-read; List is
// GET on the collection with QS-watch; every namespaced resource also has the list over all
// namespaces (GET {prefix}/{resource}); watch paths sit under {prefix}/watch/ (collection,
// item and, for namespaced resources, all namespaces) with QS-watch; status and scale
// sub-paths exist where the catalog lists them. A partly shown query (Event's List,
// PodGroup's all-namespaces watch) is completed with QS-watch, the set the spec names for
// watch-style lists. Every operation records whether the spec shows it (`shown`), so the
// findings can say when a parameter set comes from the convention.
//
// Subresources other than status and scale (a Pod's eviction, a Service's proxy, ...) exist
// upstream but have shapes of their own that the spec never describes; they match an
// operation with no query set, and the checker says it could not check them instead of
// calling a real path unknown.
import { catalog } from '@platlint/core';
import type { KindInfo } from '@platlint/core';
import { QUERY_SETS } from './parameters.js';
import type { QuerySetName } from './parameters.js';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof METHODS)[number];

export type OperationName =
  | 'create'
  | 'list'
  | 'delete collection'
  | 'read'
  | 'replace'
  | 'patch'
  | 'delete'
  | 'read status'
  | 'replace status'
  | 'patch status'
  | 'read scale'
  | 'replace scale'
  | 'patch scale'
  | 'list all namespaces'
  | 'watch'
  | 'watch list'
  | 'watch list all namespaces'
  | 'other subresource';

export interface Operation {
  /** `*` only for the subresources the spec does not describe. */
  method: HttpMethod | '*';
  /** The path template, `{namespace}` and `{name}` standing for path parameters. */
  path: string;
  name: OperationName;
  /** Null for subresources outside the spec's shapes: their query is not checked. */
  querySet: QuerySetName | null;
  parameters: ReadonlySet<string>;
  /** Whether the operation answers a watch without `watch=true` (the /watch/ paths). */
  watchPath: boolean;
  apiVersion: string;
  kind: string;
  resource: string;
  /** True when the spec shows the operation; false when it follows the upstream convention. */
  shown: boolean;
}

/** The operations each spec document shows, by `apiVersion/resource`. */
const SHOWN: Readonly<Record<string, readonly OperationName[]>> = {
  'v1/endpoints': ['create', 'patch', 'replace', 'delete', 'delete collection'],
  'v1/events': ['create', 'patch', 'replace', 'delete', 'delete collection', 'read', 'list'],
  'apps/v1/deployments': [
    'create',
    'patch',
    'replace',
    'delete',
    'delete collection',
    'read status',
    'replace status',
    'patch status',
    'read scale',
    'replace scale',
    'patch scale',
  ],
  'scheduling.plat.io/v1alpha3/compositepodgroups': [
    'create',
    'patch',
    'replace',
    'delete',
    'delete collection',
    'read status',
    'replace status',
    'patch status',
    'watch list all namespaces',
  ],
  'scheduling.plat.io/v1beta1/podgroups': ['list all namespaces', 'watch', 'watch list', 'watch list all namespaces'],
  'resource.plat.io/v1/devicetaintrules': ['create', 'patch', 'replace', 'delete', 'delete collection'],
  'flowcontrol.apiserver.plat.io/v1/flowschemas': ['create', 'patch', 'replace', 'delete', 'delete collection'],
  'admissionregistration.plat.io/v1/mutatingadmissionpolicies': ['create', 'patch', 'replace', 'delete', 'delete collection'],
};

/** Sub-paths with the read / replace / patch shape of document A's status row. */
const SHAPED_SUBRESOURCES = ['status', 'scale'] as const;

function prefixOf(info: KindInfo): string {
  return info.group ? `/apis/${info.group}/${info.version}` : `/api/${info.version}`;
}

function operationsOf(info: KindInfo & { resource: string }): Operation[] {
  const prefix = prefixOf(info);
  const resource = info.resource;
  const shown = new Set(SHOWN[`${info.apiVersion}/${resource}`] ?? []);
  const scope = info.namespaced ? `/namespaces/{namespace}/${resource}` : `/${resource}`;
  const collection = prefix + scope;
  const item = `${collection}/{name}`;
  const out: Operation[] = [];
  const add = (
    method: HttpMethod | '*',
    path: string,
    name: OperationName,
    querySet: QuerySetName | null,
    watchPath = false,
  ): void => {
    out.push({
      method,
      path,
      name,
      querySet,
      parameters: new Set(querySet ? QUERY_SETS[querySet] : []),
      watchPath,
      apiVersion: info.apiVersion,
      kind: info.kind,
      resource,
      shown: shown.has(name),
    });
  };

  add('POST', collection, 'create', 'QS-write');
  add('GET', collection, 'list', 'QS-watch');
  add('DELETE', collection, 'delete collection', 'QS-delete-collection');
  add('GET', item, 'read', 'QS-read');
  add('PUT', item, 'replace', 'QS-write');
  add('PATCH', item, 'patch', 'QS-patch');
  add('DELETE', item, 'delete', 'QS-delete');
  for (const sub of info.subresources) {
    if ((SHAPED_SUBRESOURCES as readonly string[]).includes(sub)) {
      const which = sub as (typeof SHAPED_SUBRESOURCES)[number];
      add('GET', `${item}/${sub}`, `read ${which}`, 'QS-read');
      add('PUT', `${item}/${sub}`, `replace ${which}`, 'QS-write');
      add('PATCH', `${item}/${sub}`, `patch ${which}`, 'QS-patch');
    } else {
      add('*', `${item}/${sub}`, 'other subresource', null);
    }
  }
  if (info.namespaced) add('GET', `${prefix}/${resource}`, 'list all namespaces', 'QS-watch');
  add('GET', `${prefix}/watch${scope}`, 'watch list', 'QS-watch', true);
  add('GET', `${prefix}/watch${scope}/{name}`, 'watch', 'QS-watch', true);
  if (info.namespaced) add('GET', `${prefix}/watch/${resource}`, 'watch list all namespaces', 'QS-watch', true);
  return out;
}

/** Every operation of every served kind in the catalog. */
export const OPERATIONS: readonly Operation[] = catalog.kinds
  .filter((info): info is KindInfo & { resource: string } => info.resource !== null)
  .flatMap(operationsOf);

interface Compiled {
  op: Operation;
  segments: readonly string[];
  literals: number;
}

const isParameter = (segment: string): boolean => segment.startsWith('{') && segment.endsWith('}');

const compiled: readonly Compiled[] = OPERATIONS.map((op) => {
  const segments = op.path.split('/').slice(1);
  return { op, segments, literals: segments.filter((s) => !isParameter(s)).length };
});

function matches(template: readonly string[], segments: readonly string[]): boolean {
  if (template.length !== segments.length) return false;
  return template.every((t, i) => (isParameter(t) ? (segments[i] as string).length > 0 : t === segments[i]));
}

/**
 * The operations whose path template matches the decoded path segments (no leading empty
 * segment), most specific first: a template with more literal segments wins a tie, so a
 * literal never loses to a `{name}` that happens to match it.
 */
export function operationsForPath(segments: readonly string[]): Operation[] {
  const found = compiled.filter((c) => matches(c.segments, segments));
  if (found.length === 0) return [];
  const best = Math.max(...found.map((c) => c.literals));
  return found.filter((c) => c.literals === best).map((c) => c.op);
}

/** The group versions the table serves, as `/api/v1` or `/apis/{group}/{version}` prefixes. */
export const SERVED_PREFIXES: ReadonlySet<string> = new Set(
  OPERATIONS.map((op) =>
    op.path
      .split('/')
      .slice(0, op.path.startsWith('/apis/') ? 4 : 3)
      .join('/'),
  ),
);
