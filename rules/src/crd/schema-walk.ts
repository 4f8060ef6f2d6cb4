// Every node of a CRD version's `openAPIV3Schema`, with what the API server knows of its place
// when it admits the definition (upstream apiextensions validation.go
// ValidateCustomResourceDefinitionOpenAPISchema and its specStandardValidator): whether it is
// under a logic junctor, whether it describes a resource's TypeMeta or ObjectMeta, why a
// default is not allowed there, and the first ancestor that makes `oldSelf` unusable.
import { isJsonObject } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import type { Obj } from '../kit/objects.js';

export type Level = 'root' | 'item' | 'field';

export interface SchemaPlace {
  raw: Obj;
  /** Path of the node inside the CRD (`spec.versions[0].schema.openAPIV3Schema.properties.spec`). */
  path: FieldPath;
  level: Level;
  isRoot: boolean;
  /** Under allOf, anyOf, oneOf or not: value validation only. */
  junctor: boolean;
  /** Describes apiVersion, kind or metadata of the resource or of an embedded resource. */
  resourceMeta: boolean;
  /** Why a default is refused here, when it is. */
  defaultsForbidden?: string;
  /** The first ancestor whose values cannot be matched with their stored version (items of a non-map list, fields of an atomic map). */
  uncorrelatable?: FieldPath;
  /** How many values this node may describe in one object (product of the enclosing maxItems and maxProperties); undefined when unbounded. */
  cardinality: number | undefined;
  /** A branch of the int-or-string pattern (anyOf [{type: integer}, {type: string}], alone or as allOf's first entry): it may name its type. */
  intOrStringBranch?: boolean;
  /** allOf's first entry on a node of the schema itself (the second int-or-string pattern sits there). */
  firstAllOf?: boolean;
}

const isExactly = (raw: unknown, type: string): boolean =>
  isJsonObject(raw) && Object.keys(raw).length === 1 && raw.type === type;
/** The anyOf upstream's structural check lets through for x-kubernetes-int-or-string (validation.go intOrStringAnyOf). */
export const isIntOrStringAnyOf = (list: unknown): boolean =>
  Array.isArray(list) && list.length === 2 && isExactly(list[0], 'integer') && isExactly(list[1], 'string');

const META_FIELDS = new Set(['apiVersion', 'kind', 'metadata']);
const JUNCTORS = ['allOf', 'anyOf', 'oneOf'] as const;

export function schemaPlaces(root: Obj, path: FieldPath): SchemaPlace[] {
  const out: SchemaPlace[] = [];
  visit({ raw: root, path, level: 'root', isRoot: true, junctor: false, resourceMeta: false, cardinality: 1 }, out);
  return out;
}

function visit(place: SchemaPlace, out: SchemaPlace[]): void {
  out.push(place);
  const { raw, path } = place;
  const base = {
    junctor: place.junctor,
    resourceMeta: place.resourceMeta,
    isRoot: false,
    defaultsForbidden: place.defaultsForbidden,
    uncorrelatable: place.uncorrelatable,
  };
  const properties = isJsonObject(raw.properties) ? raw.properties : {};
  const embedded = raw['x-kubernetes-embedded-resource'] === true;
  for (const [key, child] of Object.entries(properties)) {
    if (!isJsonObject(child)) continue;
    const meta = (place.isRoot || embedded) && META_FIELDS.has(key);
    visit(
      {
        ...base,
        raw: child,
        path: [...path, 'properties', key],
        level: 'field',
        resourceMeta: base.resourceMeta || meta,
        defaultsForbidden: place.isRoot && meta ? `in top-level ${key}` : base.defaultsForbidden,
        uncorrelatable: base.uncorrelatable ?? (raw['x-kubernetes-map-type'] === 'atomic' ? path : undefined),
        cardinality: place.cardinality,
      },
      out,
    );
  }
  if (isJsonObject(raw.additionalProperties)) {
    visit(
      {
        ...base,
        raw: raw.additionalProperties,
        path: [...path, 'additionalProperties'],
        level: 'field',
        defaultsForbidden: place.resourceMeta
          ? 'inside additionalProperties applying to object metadata'
          : base.defaultsForbidden,
        cardinality: times(place.cardinality, raw.maxProperties),
      },
      out,
    );
  }
  if (isJsonObject(raw.items)) {
    visit(
      {
        ...base,
        raw: raw.items,
        path: [...path, 'items'],
        level: 'item',
        // Only items of a list-map are matched with their stored version by key.
        uncorrelatable: base.uncorrelatable ?? (raw['x-kubernetes-list-type'] === 'map' ? undefined : path),
        cardinality: times(place.cardinality, raw.maxItems),
      },
      out,
    );
  }
  for (const junctor of JUNCTORS) {
    const list = raw[junctor];
    if (!Array.isArray(list)) continue;
    const typed = junctor === 'anyOf' && isIntOrStringAnyOf(list) && (!place.junctor || place.firstAllOf === true);
    list.forEach((child: unknown, i) => {
      if (!isJsonObject(child)) return;
      visit(
        {
          ...base,
          raw: child,
          path: [...path, junctor, i],
          level: place.level,
          junctor: true,
          cardinality: place.cardinality,
          intOrStringBranch: typed,
          firstAllOf: junctor === 'allOf' && i === 0 && !place.junctor,
        },
        out,
      );
    });
  }
  if (isJsonObject(raw.not))
    visit(
      { ...base, raw: raw.not, path: [...path, 'not'], level: place.level, junctor: true, cardinality: place.cardinality },
      out,
    );
}

function times(cardinality: number | undefined, bound: unknown): number | undefined {
  return cardinality === undefined || typeof bound !== 'number' || bound < 0 ? undefined : cardinality * bound;
}
