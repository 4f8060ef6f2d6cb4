/**
 * The one policy of the process-wide memos (read quantities, tokens of CEL expressions,
 * compiled expressions, scanned keys, matched admission requests and more): each holds at
 * most `limit` entries and, full, forgets them all before it takes the next. A language
 * server or a webhook runs for days and meets keys without end, so no memo may grow with
 * them; and a file of thousands of distinct keys must not leave one full for the files
 * after it. Starting anew costs nothing on each hit, as keeping an order of use would, and
 * a key forgotten is only worked out again.
 */
export function keepBounded<K, V>(memo: Map<K, V>, limit: number, key: K, value: V): V {
  if (memo.size >= limit) memo.clear();
  memo.set(key, value);
  return value;
}

/** keepBounded for a memo of keys alone (a set of those known to pass a check). */
export function addBounded<T>(memo: Set<T>, limit: number, key: T): void {
  if (memo.size >= limit) memo.clear();
  memo.add(key);
}
