import apiTypes from '../../data/api-types.json' with { type: 'json' };
import type { ApiTypes, KindEntry, TypeEntry } from '../schema/api-types.js';
import { SchemaBuilder } from '../schema/build.js';
import { configKinds, configTypes } from '../schema/config-types.js';
import { overlay } from '../schema/overlay/index.js';
import type { SchemaNode } from '../schema/tree.js';
import { crdKind, crdTypes } from '../custom-resources/crd-types.js';
import type { CustomVersion } from '../custom-resources/definition.js';

/**
 * The kind catalog: every kind platlint knows, with the facts of the spec's endpoint tables
 * (group, version, plural resource, scope, subresources) and its schema tree.
 */
export interface KindInfo {
  group: string;
  version: string;
  apiVersion: string;
  kind: string;
  typeId: string;
  /** Plural resource name; null for kinds that are not served (configuration files, Scale). */
  resource: string | null;
  namespaced: boolean;
  subresources: readonly string[];
  listKind: string | undefined;
  /** `spec`, `supporting` and `config` kinds are linted; `extra` kinds only serve admission. */
  scope: KindEntry['scope'];
  lintable: boolean;
  deprecated: string | undefined;
  /** `Kind.group`, or `Kind` for the core group: how rules name the kinds they check. */
  groupKind: string;
  entry: KindEntry;
}

export interface KindMatch {
  info: KindInfo;
  /** True when the document is the `<Kind>List` of the kind. */
  isList: boolean;
}

const data = apiTypes as unknown as ApiTypes;
const types: Record<string, TypeEntry> = { ...data.types, ...configTypes, ...crdTypes };
const builder = new SchemaBuilder(types, overlay);

export class Catalog {
  private readonly byApiVersionKind = new Map<string, KindMatch>();
  private readonly byKind = new Map<string, KindInfo[]>();
  readonly kinds: KindInfo[];

  constructor(entries: readonly KindEntry[]) {
    this.kinds = entries.map(toKindInfo);
    for (const info of this.kinds) {
      this.byApiVersionKind.set(`${info.apiVersion}/${info.kind}`, { info, isList: false });
      if (info.listKind) this.byApiVersionKind.set(`${info.apiVersion}/${info.listKind}`, { info, isList: true });
      for (const name of [info.kind, info.listKind]) {
        if (name) this.byKind.set(name, [...(this.byKind.get(name) ?? []), info]);
      }
    }
  }

  lookup(apiVersion: string, kind: string): KindMatch | undefined {
    return this.byApiVersionKind.get(`${apiVersion}/${kind}`);
  }

  /** Kinds of that name in any group or version (to suggest the right apiVersion). */
  withKindName(kind: string): readonly KindInfo[] {
    return this.byKind.get(kind) ?? [];
  }

  schema(info: KindInfo): SchemaNode {
    // A built-in type keeps its own tree (descriptions, CEL places, feature gates) when the
    // OpenAPI documents check it: only validation goes by the documents.
    const version = versionOfEntry.get(info.entry);
    return (version && info.typeId.startsWith('crd:') ? version.schema : undefined) ?? builder.typeNode(info.typeId);
  }

  /** The CRD version (or OpenAPI kind) that validates a kind. */
  customVersion(info: KindInfo): CustomVersion | undefined {
    return versionOfEntry.get(info.entry);
  }

  /**
   * This catalog with the kinds of these CRD versions added (served or not: an object of a
   * version that is not served is refused by name). A version whose kind the catalog already
   * has is left out, but for an OpenAPI kind whose built-in type platlint does not lint
   * (scope `extra`, known for admission only): the documents make it checked, scope `openapi`.
   */
  withCustomResources(versions: readonly CustomVersion[]): Catalog {
    if (versions.length === 0) return this;
    let entries = this.kinds.map((k) => k.entry);
    const added = new Set<string>();
    for (const v of versions) {
      const apiVersion = v.group ? `${v.group}/${v.version}` : v.version;
      const known = this.lookup(apiVersion, v.kind);
      const scope = v.origin === 'openapi' ? 'openapi' : 'custom';
      if (known && !(v.origin === 'openapi' && !known.isList && known.info.scope === 'extra')) continue;
      const type = known ? known.info.typeId : customTypeId(v);
      if (added.has(type)) continue;
      added.add(type);
      const entry: KindEntry = known
        ? { ...known.info.entry, scope }
        : {
            group: v.group,
            version: v.version,
            apiVersion,
            kind: v.kind,
            type,
            scope,
            namespaced: v.namespaced,
            resource: v.plural,
            subresources: v.subresources,
            list: { kind: v.listKind, type: `${type}List` },
          };
      versionOfEntry.set(entry, v);
      if (known) entries = entries.map((e) => (e === known.info.entry ? entry : e));
      else entries.push(entry);
    }
    return new Catalog(entries);
  }

  /** The schema of a type that has no kind of its own (ObjectMeta, a nested spec type). */
  typeSchema(typeId: string): SchemaNode {
    if (typeId.startsWith('crd:')) return customListEnvelope();
    return builder.typeNode(typeId);
  }
}

/**
 * The CRD version behind each custom kind's entry. A custom kind carries its schema wherever its
 * KindInfo goes, so that any catalog answers for it (the editor's main thread looks kinds up
 * in its own catalog of the workspace's definitions, then reads their schemas).
 */
const versionOfEntry = new WeakMap<KindEntry, CustomVersion>();

let listEnvelope: SchemaNode | undefined;

/** The envelope of a custom kind's List: the server's list type, whose items are checked one by one. */
function customListEnvelope(): SchemaNode {
  listEnvelope ??= {
    type: 'object',
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: builder.typeNode('meta/v1.ListMeta'),
      items: { type: 'array', items: { type: 'object' } },
    },
  };
  return listEnvelope;
}

/** The type id platlint gives a CRD version's kind: never the id of a built-in type. */
export function customTypeId(version: Pick<CustomVersion, 'group' | 'version' | 'kind'>): string {
  return `crd:${version.group}/${version.version}.${version.kind}`;
}

function toKindInfo(entry: KindEntry): KindInfo {
  const typeOverlay = overlay[entry.type];
  return {
    group: entry.group,
    version: entry.version,
    apiVersion: entry.apiVersion,
    kind: entry.kind,
    typeId: entry.type,
    resource: entry.resource,
    namespaced: entry.namespaced,
    subresources: entry.subresources,
    listKind: entry.list?.kind,
    scope: entry.scope,
    lintable: entry.scope !== 'extra',
    deprecated: typeOverlay?.deprecated ?? (entry.deprecatedIn ? `deprecated since release ${entry.deprecatedIn}` : undefined),
    groupKind: entry.group ? `${entry.kind}.${entry.group}` : entry.kind,
    entry,
  };
}

export const catalog = new Catalog([...data.kinds, ...configKinds, crdKind]);
