import type { LintObject, ObjectLookup } from '../rules/rule.js';

/**
 * The objects of a run that cross-document rules read, keyed by kind, namespace and name.
 * It is built once per run (or per share of a run) and queried by every rule on every
 * object: a rule that scanned all objects for each object it checks would make a run
 * quadratic in its size. Entries are kept in run order (see compareRunOrder), so that "the
 * first object of that name" is the same one however the run is split.
 */
export class RunIndex {
  /** How many entries lookups have looked at since the index was built: the work rules cause. */
  examined = 0;
  private readonly byName = new Map<string, LintObject[]>();
  private readonly byKind = new Map<string, LintObject[]>();
  private readonly byFile = new Map<string, LintObject[]>();

  constructor(objects: readonly LintObject[]) {
    for (const object of [...objects].sort(compareRunOrder)) {
      const { name, namespace } = identityOf(object);
      const kind = object.kind.groupKind;
      if (name !== undefined) push(this.byName, nameKey(kind, name), object);
      push(this.byKind, kind, object);
      push(this.byKind, namespaceKey(kind, namespace), object);
      push(this.byFile, object.file, object);
    }
  }

  /** The entries of one file, in the file's order. */
  entriesOf(file: string): readonly LintObject[] {
    return this.byFile.get(file) ?? [];
  }

  /**
   * The run as the files being linted see it: the entries of those files come from the
   * files as they are linted now (`own`), those of every other file from the index.
   */
  seenFrom(files: ReadonlySet<string>, own: readonly LintObject[]): ObjectLookup {
    const replaced = [...files].flatMap((f) => this.byFile.get(f) ?? []);
    const keep = replaced.length ? (o: LintObject): boolean => !files.has(o.file) : undefined;
    // Indexed on the first lookup: most files hold nothing a rule looks up.
    let local: RunIndex | undefined | null = null;
    const ownIndex = (): RunIndex | undefined => (local === null ? (local = own.length ? new RunIndex(own) : undefined) : local);
    const merged = (key: string, map: 'byName' | 'byKind'): readonly LintObject[] => {
      const all = this[map].get(key) ?? [];
      const inside = ownIndex()?.[map].get(key) ?? [];
      this.examined += all.length + inside.length;
      const outside = keep ? all.filter(keep) : all;
      return inside.length === 0 ? outside : outside.length === 0 ? inside : [...outside, ...inside].sort(compareRunOrder);
    };
    const kindKey = (groupKind: string, namespace: string | undefined): string =>
      namespace === undefined ? groupKind : namespaceKey(groupKind, namespace);
    return {
      named: (groupKind, name, namespace) => {
        const found = merged(nameKey(groupKind, name), 'byName');
        return namespace === undefined ? found : found.filter((o) => identityOf(o).namespace === namespace);
      },
      ofKind: (groupKind, namespace) => merged(kindKey(groupKind, namespace), 'byKind'),
      count: (groupKind, namespace) => {
        const key = kindKey(groupKind, namespace);
        const inKind = (o: LintObject): boolean =>
          o.kind.groupKind === groupKind && (namespace === undefined || identityOf(o).namespace === namespace);
        this.examined += replaced.length;
        return (this.byKind.get(key)?.length ?? 0) - replaced.filter(inKind).length + (ownIndex()?.byKind.get(key)?.length ?? 0);
      },
    };
  }
}

/**
 * The order of a run: by file path, then by place in the file (document, then List item).
 * A rule that names "the first" of several objects (the first member of a cycle) then names
 * the same one whether the run is linted whole, file by file, on several threads or in an
 * editor.
 */
export function compareRunOrder(a: LintObject, b: LintObject): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  if (a.document !== b.document) return a.document - b.document;
  const length = Math.min(a.prefix.length, b.prefix.length);
  for (let i = 0; i < length; i++) {
    const x = a.prefix[i] as string | number;
    const y = b.prefix[i] as string | number;
    if (x !== y) return typeof x === 'number' && typeof y === 'number' ? x - y : String(x) < String(y) ? -1 : 1;
  }
  return a.prefix.length - b.prefix.length;
}

function identityOf(object: LintObject): { name: string | undefined; namespace: string } {
  const metadata = object.value.metadata;
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) return { name: undefined, namespace: '' };
  const { name, namespace } = metadata as Record<string, unknown>;
  return { name: typeof name === 'string' ? name : undefined, namespace: typeof namespace === 'string' ? namespace : '' };
}

function push(map: Map<string, LintObject[]>, key: string, object: LintObject): void {
  const list = map.get(key);
  if (list) list.push(object);
  else map.set(key, [object]);
}

// NUL cannot occur in a kind, so it separates the parts of a key unambiguously.
const nameKey = (groupKind: string, name: string): string => `${groupKind}\u0000${name}`;
const namespaceKey = (groupKind: string, namespace: string): string => `${groupKind}\u0000${namespace}`;
