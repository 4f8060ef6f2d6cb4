import type { FieldPath } from '../source/field-path.js';
import { isJsonObject } from '../source/json-value.js';
import type { Catalog } from './catalog.js';

/** `kind: List` in `v1`, what `kubectl get -o yaml` prints: items of any kind, each with its own apiVersion and kind. */
export const GENERIC_LIST = { apiVersion: 'v1', kind: 'List' } as const;

/** An object a document holds: the document itself, or an item of a List at `prefix`. */
export interface HeldObject {
  prefix: FieldPath;
  value: Record<string, unknown>;
}

/**
 * The objects a document holds, as the API server takes them apart: the items of a generic
 * `v1 List` or of a `<Kind>List` the catalog knows (the items of a typed list need not name
 * their apiVersion and kind; the list's are filled in where they do not), or else the
 * document itself. Items that are no mapping hold no object. Which kinds are lists is the
 * catalog's to say; this only reads it.
 */
export function objectsOf(document: Record<string, unknown>, catalog: Catalog): HeldObject[] {
  const { apiVersion, kind, items } = document;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return [{ prefix: [], value: document }];
  const generic = apiVersion === GENERIC_LIST.apiVersion && kind === GENERIC_LIST.kind;
  const match = generic ? undefined : catalog.lookup(apiVersion, kind);
  if (!generic && !match?.isList) return [{ prefix: [], value: document }];
  if (!Array.isArray(items)) return [];
  const out: HeldObject[] = [];
  items.forEach((item, i) => {
    if (!isJsonObject(item)) return;
    const value = match ? { apiVersion: match.info.apiVersion, kind: match.info.kind, ...item } : item;
    out.push({ prefix: ['items', i], value });
  });
  return out;
}
