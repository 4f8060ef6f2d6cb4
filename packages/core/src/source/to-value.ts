import { isAlias, isMap, isPair, isScalar, isSeq } from 'yaml';
import type { Document, Node, Pair } from 'yaml';
import { isJsonObject } from './json-value.js';
import { setOwn } from './own-property.js';
import { CollectionKey } from './collection-key.js';
import { UnresolvedAlias } from './unresolved-alias.js';

/**
 * Converts a composed YAML document to the plain value the platform would decode.
 *
 * - Map entries whose value is null are dropped: the platform treats an explicit null on
 *   an optional field as "not set", so rules and validation never see them.
 * - An alias shares its anchor's value instead of copying it, and every alias adds the
 *   size of what it stands for to a budget, so a "billion laughs" document is refused
 *   long before it can exhaust memory or the validator's time.
 * - An alias to no anchor, or to the node it stands in, is refused (UnresolvedAlias).
 */

export class AliasBudgetExceeded extends Error {
  constructor(readonly limit: number) {
    super(`aliases expand to more than ${limit} nodes; refusing to expand (possible "billion laughs" document)`);
  }
}

export const DEFAULT_ALIAS_BUDGET = 100_000;

interface Converted {
  value: unknown;
  size: number;
}

export function toValue(doc: Document, aliasBudget = DEFAULT_ALIAS_BUDGET): unknown {
  const anchors = new Map<Node, Converted>();
  /** Anchored collections being converted: an alias to one of them is inside it. */
  const open = new Set<Node>();
  let expanded = 0;

  const convert = (node: unknown): Converted => {
    if (isScalar(node)) return { value: node.value, size: 1 };
    if (isAlias(node)) {
      const target = node.resolve(doc);
      if (!target || open.has(target)) {
        const [start, end] = node.range ?? [0, 0];
        throw new UnresolvedAlias(start, end, node.source, target !== undefined);
      }
      let known = anchors.get(target);
      if (!known) {
        known = convert(target);
        anchors.set(target, known);
      }
      expanded += known.size;
      if (expanded > aliasBudget) throw new AliasBudgetExceeded(aliasBudget);
      return known;
    }
    if (isMap(node)) {
      const out: Record<string, unknown> = {};
      let size = 1;
      if (node.anchor) open.add(node);
      for (const pair of node.items) size += addPair(out, pair);
      return remember(node, { value: out, size });
    }
    if (isSeq(node)) {
      const out: unknown[] = [];
      let size = 1;
      if (node.anchor) open.add(node);
      for (const item of node.items) {
        const c = convert(item);
        out.push(c.value);
        size += c.size;
      }
      return remember(node, { value: out, size });
    }
    return { value: null, size: 1 };
  };

  const remember = (node: Node, converted: Converted): Converted => {
    open.delete(node);
    if (node.anchor) anchors.set(node, converted);
    return converted;
  };

  const addPair = (out: Record<string, unknown>, pair: Pair<unknown, unknown>): number => {
    const c = convert(pair.value);
    if (isMergeKey(pair.key)) return mergeInto(out, c.value) + c.size;
    if (isMap(pair.key) || isSeq(pair.key)) {
      const [start, end] = (pair.key as Node).range ?? [0, 0];
      throw new CollectionKey(start, end);
    }
    const key = keyString(pair.key);
    if (c.value !== null && c.value !== undefined) setOwn(out, key, c.value);
    return c.size;
  };

  return convert(doc.contents).value;
}

/** YAML merge keys: earlier explicit keys win, and of several sources the first one wins. */
function mergeInto(out: Record<string, unknown>, source: unknown): number {
  const sources = Array.isArray(source) ? source : [source];
  for (const s of sources) {
    if (isJsonObject(s)) {
      for (const [k, v] of Object.entries(s)) if (!Object.hasOwn(out, k)) setOwn(out, k, v);
    }
  }
  return 0;
}

/** With merge keys on, `yaml` gives the `<<` key a symbol value (or the merge tag). */
export function isMergeKey(key: unknown): boolean {
  return isScalar(key) && (typeof key.value === 'symbol' || (key.value === '<<' && key.tag === 'tag:yaml.org,2002:merge'));
}

export function keyString(key: unknown): string {
  if (isScalar(key)) return String(key.value);
  if (key === null || key === undefined) return '';
  if (isPair(key) || isMap(key) || isSeq(key)) return JSON.stringify((key as Node).toJSON());
  return String(key);
}
