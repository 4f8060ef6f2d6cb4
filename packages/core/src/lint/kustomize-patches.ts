// Kustomize patches: files a kustomization names under `patches`, `patchesStrategicMerge` or
// `patchesJson6902`. kustomize merges a strategic-merge patch into the object it targets, so
// the patch holds only the fields it changes (a Deployment without its selector, a container
// without its image), and `$patch`, `$setElementOrder/...` and `$retainKeys` directives the
// server never sees. Linted as an object of its own, such a file would be refused for every
// field it leaves to its target. So it is checked as part of an object: the values it sets
// must still fit their fields (types, formats, enums, known fields), but nothing is asked of
// what it leaves out, and no rule runs on it (rules judge whole objects; the output of
// `kustomize build` is where they apply).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { parsePath } from '../source/field-path.js';
import { readBoundedFileSync } from '../source/read-bounded.js';
import { SourceFile } from '../source/source-file.js';

/** The names kustomize reads a kustomization from, in the order it tries them. */
const KUSTOMIZATION_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

/** The kinds a kustomization file may declare (a file without apiVersion and kind is one too). */
const KUSTOMIZATION_KINDS = new Set(['Kustomization', 'Component']);

const NONE: ReadonlyMap<string, string> = new Map();

/**
 * Which files the kustomizations on disk name as patches, looked up from each file's
 * directory up to the filesystem's root (kustomize reads patches from inside a
 * kustomization's own tree only, so only these can name a file), each directory once.
 */
export class KustomizePatches {
  /** By directory: the patches the kustomizations in it and above it name, each with the kustomization that names it. */
  private readonly byDirectory = new Map<string, ReadonlyMap<string, string>>();

  /** The kustomization file that names `path` (absolute) as a patch, or undefined. */
  patchedBy(path: string): string | undefined {
    return this.patchesFrom(dirname(path)).get(path);
  }

  private patchesFrom(directory: string): ReadonlyMap<string, string> {
    const known = this.byDirectory.get(directory);
    if (known) return known;
    const parent = dirname(directory);
    const above = parent === directory ? NONE : this.patchesFrom(parent);
    const file = KUSTOMIZATION_NAMES.map((name) => join(directory, name)).find((candidate) => existsSync(candidate));
    const named = file ? patchesNamedBy(file) : [];
    let patches = above;
    if (named.length > 0) {
      const merged = new Map(above);
      for (const patch of named) merged.set(patch, file as string);
      patches = merged;
    }
    this.byDirectory.set(directory, patches);
    return patches;
  }
}

/**
 * The files a kustomization file names as patches, as absolute paths. A file that cannot be
 * read or is no kustomization names none (its own lint says what is wrong with it); inline
 * patches (YAML text in the kustomization itself) are not files.
 */
export function patchesNamedBy(file: string): string[] {
  let value: unknown;
  try {
    value = SourceFile.fromBytes(file, readBoundedFileSync(file)).documents[0]?.value;
  } catch {
    return [];
  }
  if (!isMapping(value)) return [];
  if (value.kind !== undefined && !KUSTOMIZATION_KINDS.has(value.kind as string)) return [];
  const paths: unknown[] = [];
  if (Array.isArray(value.patchesStrategicMerge)) paths.push(...value.patchesStrategicMerge);
  for (const field of ['patches', 'patchesJson6902'])
    if (Array.isArray(value[field])) for (const entry of value[field]) if (isMapping(entry)) paths.push(entry.path);
  const directory = dirname(file);
  return paths.filter(isFileReference).map((path) => resolve(directory, path));
}

/** A path, not an inline patch (which spans lines) and not an empty or non-string entry. */
function isFileReference(entry: unknown): entry is string {
  return typeof entry === 'string' && entry.trim() !== '' && !entry.includes('\n');
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether an engine's finding on a patch still stands: one about a value the patch sets does;
 * one about what it leaves to its target (a required field, a custom resource's validation
 * rule over the whole object) does not, nor an unknown field that is a patch directive
 * (`$patch`, `$setElementOrder/containers`, `$retainKeys`: the last field of the path).
 */
export function standsInPatch(finding: Diagnostic): boolean {
  if (finding.ruleId === 'schema/required' || finding.ruleId === 'schema/value') return false;
  if (finding.ruleId !== 'schema/unknown-field') return true;
  const last = parsePath(finding.path).at(-1);
  return !(typeof last === 'string' && last.startsWith('$'));
}
