import type { LintObject } from '../rules/rule.js';

// `--old`: update rules compare an object with the stored version it would replace.

/** Objects are the same object across versions when kind, namespace and name agree. */
function identity(object: LintObject): string {
  const metadata = (object.value.metadata ?? {}) as { name?: unknown; namespace?: unknown };
  return `${object.kind.groupKind}/${String(metadata.namespace ?? '')}/${String(metadata.name ?? '')}`;
}

/**
 * The stored object each linted object would replace. Kind, namespace and name decide; and
 * since a rename is an update too, an object that matches none is paired with the only stored
 * object of its kind when it is also the only unmatched object of that kind in the run (so a
 * changed `metadata.name` is caught, and two new objects never both claim one old one).
 */
export function pairWithOld(objects: readonly LintObject[], oldObjects: readonly LintObject[]): Map<LintObject, LintObject> {
  const pairs = new Map<LintObject, LintObject>();
  if (oldObjects.length === 0) return pairs;
  const byIdentity = new Map(oldObjects.map((o) => [identity(o), o]));
  const taken = new Set<LintObject>();
  const unmatched = new Map<string, LintObject[]>();
  for (const object of objects) {
    const old = byIdentity.get(identity(object));
    if (!old) {
      addTo(unmatched, object);
      continue;
    }
    pairs.set(object, old);
    taken.add(old);
  }
  const storedOf = new Map<string, LintObject[]>();
  for (const o of oldObjects) addTo(storedOf, o);
  for (const [groupKind, candidates] of unmatched) {
    const stored = storedOf.get(groupKind) ?? [];
    const [only] = stored;
    if (stored.length === 1 && candidates.length === 1 && only && !taken.has(only)) pairs.set(candidates[0] as LintObject, only);
  }
  return pairs;
}

/** Adds an object to the list of its kind (Node 20 has no Map.groupBy). */
function addTo(byKind: Map<string, LintObject[]>, object: LintObject): void {
  const list = byKind.get(object.kind.groupKind);
  if (list) list.push(object);
  else byKind.set(object.kind.groupKind, [object]);
}
