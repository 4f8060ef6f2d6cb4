import { isMap, isScalar, isSeq } from 'yaml';
import type { Document, Node } from 'yaml';
import type { FieldPath } from './field-path.js';
import { isMergeKey, keyString } from './to-value.js';

/** A key said twice in one mapping: its field path, and the offsets of the repeated key. */
export interface DuplicateKey {
  path: FieldPath;
  start: number;
  end: number;
  /** Offset of the first occurrence. */
  firstAt: number;
}

/**
 * The keys repeated in the mappings of a document composed with `uniqueKeys: false`. The
 * platform keeps the last value of a repeated key, so the document is still checked as that.
 */
export function findDuplicateKeys(doc: Document): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const visit = (node: unknown, path: FieldPath): void => {
    if (isMap(node)) {
      const seen = new Map<string, number>();
      for (const pair of node.items) {
        // A merge key is written `<<` (its parsed value is a marker, not the text).
        const key = isMergeKey(pair.key) ? '<<' : keyString(pair.key);
        const range = (pair.key as Node | null)?.range;
        if (isScalar(pair.key) && range) {
          const first = seen.get(key);
          if (first === undefined) seen.set(key, range[0]);
          else found.push({ path: [...path, key], start: range[0], end: range[1], firstAt: first });
        }
        visit(pair.value, [...path, key]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => visit(item, [...path, i]));
    }
  };
  visit(doc.contents, []);
  return found;
}
