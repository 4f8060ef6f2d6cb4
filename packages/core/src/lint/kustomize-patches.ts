// What kustomize makes of the files a kustomization names, where it differs from the file:
//
// - Patches: files named under `patches`, `patchesStrategicMerge` or `patchesJson6902`.
//   kustomize merges a strategic-merge patch into the object it targets, so the patch holds
//   only the fields it changes (a Deployment without its selector, a container without its
//   image), and `$patch`, `$setElementOrder/...` and `$retainKeys` directives the server never
//   sees. Linted as an object of its own, such a file would be refused for every field it
//   leaves to its target. So it is checked as part of an object: the values it sets must
//   still fit their fields (types, formats, enums, known fields), but nothing is asked of
//   what it leaves out, and no rule runs on it (rules judge whole objects; the output of
//   `kustomize build` is where they apply).
// - Resources whose selectors kustomize writes: with `commonLabels` (or `labels` with
//   `includeSelectors: true`), kustomize adds the labels to a Deployment's
//   `spec.selector.matchLabels` and its template's labels, creating them when missing
//   (commonLabelFieldSpecs in kustomize's api/internal/konfig/builtinpluginconsts), so a
//   Deployment it lists may leave its selector out. Only that is not asked of it.
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { parsePath } from '../source/field-path.js';
import { isJsonObject } from '../source/json-value.js';
import { readBoundedFileSync } from '../source/read-bounded.js';
import { SourceFile } from '../source/source-file.js';
import { existsOnDisk, type FileLookup } from './find-files.js';

/** The names kustomize reads a kustomization from, in the order it tries them. */
export const KUSTOMIZATION_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

/** The kinds a kustomization file may declare (a file without apiVersion and kind is one too). */
const KUSTOMIZATION_KINDS = new Set(['Kustomization', 'Component']);

/** What a file is to the kustomization that names it (an absolute path). */
export interface KustomizePart {
  kustomization: string;
  part: 'patch' | 'labelled';
}

/** True when `directory` is `top` or below it (both absolute). */
function isWithin(directory: string, top: string): boolean {
  // Most directories a run asks of are below the working directory, as their names show;
  // the others are compared as the platform compares paths (Windows ignores case).
  if (directory.startsWith(top.endsWith(sep) ? top : `${top}${sep}`)) return true;
  const rel = relative(top, directory);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** What one kustomization file names: patches, and resources whose selectors it writes. */
export interface KustomizationNames {
  patches: string[];
  labelled: string[];
}

const NONE: ReadonlyMap<string, KustomizePart> = new Map();

/**
 * What the kustomizations on disk make of files, looked up from each file's directory up to
 * the working directory `top` (kustomize reads the files of a kustomization's own tree only,
 * so only these can name a file), each directory once. A patch outranks a resource. The
 * lookup stops at `top`, as no file above the run's own tree should change how it is read
 * (a kustomization someone else wrote in a shared parent could hide a file's errors); a
 * file outside it is looked at in its own directory only.
 */
export class Kustomizations {
  /** By directory: what the kustomizations in it and above it name. */
  private readonly byDirectory = new Map<string, ReadonlyMap<string, KustomizePart>>();

  /** `exists`: how to look for a kustomization file (a run that walked the tree answers from its listings: find-files.ts). */
  constructor(
    private readonly top: string,
    private readonly exists: FileLookup = existsOnDisk,
  ) {}

  /** What the file at `path` (absolute) is to a kustomization, or undefined. */
  partOf(path: string): KustomizePart | undefined {
    return this.namedFrom(dirname(path)).get(path);
  }

  private namedFrom(directory: string): ReadonlyMap<string, KustomizePart> {
    const known = this.byDirectory.get(directory);
    if (known) return known;
    const parent = dirname(directory);
    const above = parent === directory || !isWithin(parent, this.top) ? NONE : this.namedFrom(parent);
    const name = KUSTOMIZATION_NAMES.find((candidate) => this.exists(directory, candidate));
    const file = name && join(directory, name);
    let named = above;
    if (file) {
      const { patches, labelled } = namesOf(file);
      if (patches.length + labelled.length > 0) {
        const merged = new Map(above);
        for (const path of labelled)
          if (merged.get(path)?.part !== 'patch') merged.set(path, { kustomization: file, part: 'labelled' });
        for (const path of patches) merged.set(path, { kustomization: file, part: 'patch' });
        named = merged;
      }
    }
    this.byDirectory.set(directory, named);
    return named;
  }
}

/**
 * The files a kustomization file names as patches, and the resources whose selectors it
 * writes, as absolute paths. A file that cannot be read or is no kustomization names none
 * (its own lint says what is wrong with it); inline patches (YAML text in the kustomization
 * itself) are not files.
 */
export function namesOf(file: string): KustomizationNames {
  let value: unknown;
  try {
    value = SourceFile.fromBytes(file, readBoundedFileSync(file)).documents[0]?.value;
  } catch {
    return { patches: [], labelled: [] };
  }
  if (!isJsonObject(value) || (value.kind !== undefined && !KUSTOMIZATION_KINDS.has(value.kind as string)))
    return { patches: [], labelled: [] };
  const patches: unknown[] = [];
  if (Array.isArray(value.patchesStrategicMerge)) patches.push(...value.patchesStrategicMerge);
  for (const field of ['patches', 'patchesJson6902'])
    if (Array.isArray(value[field])) for (const entry of value[field]) if (isJsonObject(entry)) patches.push(entry.path);
  const resources = writesSelectors(value) && Array.isArray(value.resources) ? value.resources : [];
  const directory = dirname(file);
  const paths = (entries: unknown[]): string[] => entries.filter(isFileReference).map((path) => resolve(directory, path));
  return { patches: paths(patches), labelled: paths(resources) };
}

/** `commonLabels` with a label, or a `labels` entry with `includeSelectors: true` and a label. */
function writesSelectors(kustomization: Record<string, unknown>): boolean {
  const hasPairs = (pairs: unknown): boolean => isJsonObject(pairs) && Object.keys(pairs).length > 0;
  if (hasPairs(kustomization.commonLabels)) return true;
  const { labels } = kustomization;
  return (
    Array.isArray(labels) &&
    labels.some((entry) => isJsonObject(entry) && entry.includeSelectors === true && hasPairs(entry.pairs))
  );
}

/** A path, not an inline patch (which spans lines) and not an empty or non-string entry. */
function isFileReference(entry: unknown): entry is string {
  return typeof entry === 'string' && entry.trim() !== '' && !entry.includes('\n');
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

/** The kinds whose `spec.selector.matchLabels` kustomize creates from common labels. */
const SELECTED_KINDS = new Set(['Deployment', 'ReplicaSet', 'DaemonSet', 'StatefulSet']);

/**
 * Whether a finding on a resource whose selectors kustomize writes still stands: all but a
 * missing selector of a workload kustomize writes one into (`object` is the document's value).
 */
export function standsInLabelled(finding: Diagnostic, object: unknown): boolean {
  if (finding.ruleId !== 'schema/required' || finding.path !== 'spec.selector') return true;
  return !(isJsonObject(object) && SELECTED_KINDS.has(object.kind as string));
}
