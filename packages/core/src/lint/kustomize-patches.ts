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
// - Patches no kustomization names (yet): scaffolds keep optional patches beside the
//   kustomization, named only in commented-out entries (kubebuilder's `#patchesStrategicMerge:`
//   then `#- manager_auth_proxy_patch.yaml`), and a patch left behind when its entry was removed
//   is still one. A file is read as a patch when it is in a kustomization's tree (the
//   kustomization's directory or below, within the working directory), no kustomization of
//   the working directory lists it as a resource (so it is in no build as an object of its
//   own), and either a kustomization above it names it in a commented-out entry of a patch
//   field, or its name or directory says patch (`*_patch.yaml`, `*-patch.yaml`, `patch*.yaml`,
//   a `patches/` directory). Both conditions are needed: a resource is linted whole whatever its
//   name, and an ordinary unlisted `deployment.yaml` is linted whole (kustomize would not read
//   it, but it is more likely a manifest applied by hand than a patch).
// - Resources whose selectors kustomize writes: with `commonLabels` (or `labels` with
//   `includeSelectors: true`), kustomize adds the labels to a Deployment's
//   `spec.selector.matchLabels` and its template's labels, creating them when missing
//   (commonLabelFieldSpecs in kustomize's api/internal/konfig/builtinpluginconsts), so a
//   Deployment it lists may leave its selector out. Only that is not asked of it. The labels
//   reach through directories too: a directory under `resources`, `bases` (FixKustomization
//   moves those into resources) or `components` is built as a kustomization of its own, and
//   the including kustomization's transformers then run over everything it made
//   (KustTarget.accumulateResources and accumulateDirectory, then runTransformers, in
//   api/internal/target/kusttarget.go). So the resources of a kustomization that one writing
//   selectors includes, directly or through other directories (kubebuilder's `default/` with
//   `commonLabels` and `bases: [../manager]`), are labelled too.
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { parsePath } from '../source/field-path.js';
import { isJsonObject } from '../source/json-value.js';
import { readBoundedFileSync } from '../source/read-bounded.js';
import { SourceFile } from '../source/source-file.js';
import { existsOnDisk, type FileLookup } from '../source/file-lookup.js';
import { filesNamedUnder, type DirectoryLookup } from './find-files.js';

/** The names kustomize reads a kustomization from, in the order it tries them. */
export const KUSTOMIZATION_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

/** The kinds a kustomization file may declare (a file without apiVersion and kind is one too). */
const KUSTOMIZATION_KINDS = new Set(['Kustomization', 'Component']);

/** The fields whose entries are patch files. */
const PATCH_FIELDS = ['patches', 'patchesStrategicMerge', 'patchesJson6902'];

/** The fields whose entries are resources: files, or directories holding a kustomization. */
const RESOURCE_FIELDS = ['resources', 'bases', 'components'];

/**
 * How far below the working directory kustomizations are looked for: deeper than repositories
 * nest them, and more directories than they hold (kubeflow/manifests has under 500), but a
 * bound when the working directory is `/` or a home directory.
 */
const KUSTOMIZATION_WALK = { depth: 32, directories: 50_000 };

/**
 * What a file is to the kustomization that names it (an absolute path), and how it is named:
 * an `entry` of the kustomization, a `comment` (a commented-out patch entry), or its `name`
 * alone (a patch's name in the kustomization's tree).
 */
export interface KustomizePart {
  kustomization: string;
  part: 'patch' | 'labelled';
  by: 'entry' | 'comment' | 'name';
}

/** True when `directory` is `top` or below it (both absolute). */
export function isWithin(directory: string, top: string): boolean {
  // Most directories a run asks of are below the working directory, as their names show;
  // the others are compared as the platform compares paths (Windows ignores case).
  if (directory.startsWith(top.endsWith(sep) ? top : `${top}${sep}`)) return true;
  const rel = relative(top, directory);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** What one kustomization file names, as absolute paths. */
export interface KustomizationNames {
  patches: string[];
  /** Entries of `resources`, `bases` and `components`: files, and directories holding a kustomization. */
  resources: string[];
  /** Whether kustomize writes its labels into selectors (see writesSelectors). */
  writesSelectors: boolean;
  /** Files named in commented-out entries of a patch field (see commentedPatches). */
  commentedPatches: string[];
}

const NAMES_NONE: KustomizationNames = { patches: [], resources: [], writesSelectors: false, commentedPatches: [] };

/** What the kustomizations in a directory and above it name, and the nearest of them. */
interface Chain {
  named: ReadonlyMap<string, KustomizePart>;
  /** Their resources (through a directory link too, where the walk of the working directory does not go). */
  resources: ReadonlySet<string>;
  nearest: string | undefined;
}

const NO_CHAIN: Chain = { named: new Map(), resources: new Set(), nearest: undefined };

/** A patch a kustomization's entry names: nothing else (a resource, a comment) makes it otherwise. */
const isPatchEntry = (part: KustomizePart | undefined): boolean => part?.part === 'patch' && part.by === 'entry';

/** What every kustomization of the working directory makes of files it does not hold in its own directory. */
interface Tree {
  /** Resources labelled through directories, by the kustomization writing the selectors. */
  labelled: ReadonlyMap<string, string>;
  /** Every entry of `resources`, `bases` and `components`. */
  resources: ReadonlySet<string>;
}

/**
 * What the kustomizations on disk make of files, looked up from each file's directory up to
 * the working directory `top` (kustomize reads the files of a kustomization's own tree only,
 * so only these can name a file), each directory once. A patch outranks a resource. The
 * lookup stops at `top`, as no file above the run's own tree should change how it is read
 * (a kustomization someone else wrote in a shared parent could hide a file's errors); a
 * file outside it is looked at in its own directory only. The kustomizations that include a
 * file's own through a directory (siblings, overlays) are found by one walk of `top` for
 * kustomization files, made only when a file in a kustomization's tree asks. The walk reads
 * a directory the run's own walk listed from that listing (a run's other threads have none
 * and read the disk: the same entries, unless the tree changes during the run, as the files
 * they lint could).
 */
export class Kustomizations {
  /** By directory: what the kustomizations in it and above it name. */
  private readonly byDirectory = new Map<string, Chain>();
  /** By kustomization file: what it names (a file's chain and the walk of `top` both ask). */
  private readonly named = new Map<string, KustomizationNames>();
  private tree: Tree | undefined;

  /**
   * `exists`: how to look for a kustomization file, and `listed`: the directories already
   * listed (a run that walked the tree answers from its listings: find-files.ts).
   */
  constructor(
    readonly top: string,
    private readonly exists: FileLookup = existsOnDisk,
    private readonly listed?: DirectoryLookup,
  ) {}

  /** What the file at `path` (absolute) is to a kustomization, or undefined. */
  partOf(path: string): KustomizePart | undefined {
    const chain = this.chainOf(dirname(path));
    const named = chain.named.get(path);
    if (named && named.by === 'entry') return named;
    if (chain.nearest === undefined || !isWithin(path, this.top)) return undefined;
    const tree = this.treeOfTop();
    const labelledBy = tree.labelled.get(path);
    if (labelledBy !== undefined) return { kustomization: labelledBy, part: 'labelled', by: 'entry' };
    // A resource is in a build as an object of its own, whatever its name or a comment says.
    if (tree.resources.has(path) || chain.resources.has(path)) return undefined;
    if (named) return named;
    return namedAsPatch(relative(dirname(chain.nearest), path))
      ? { kustomization: chain.nearest, part: 'patch', by: 'name' }
      : undefined;
  }

  private chainOf(directory: string): Chain {
    const known = this.byDirectory.get(directory);
    if (known) return known;
    const parent = dirname(directory);
    const above = parent === directory || !isWithin(parent, this.top) ? NO_CHAIN : this.chainOf(parent);
    const name = KUSTOMIZATION_NAMES.find((candidate) => this.exists(directory, candidate));
    const file = name && join(directory, name);
    let chain = above;
    if (file) {
      const names = this.namesOf(file);
      const merged = new Map(above.named);
      for (const path of names.commentedPatches)
        if (!merged.has(path)) merged.set(path, { kustomization: file, part: 'patch', by: 'comment' });
      if (names.writesSelectors)
        for (const path of names.resources)
          if (!isPatchEntry(merged.get(path))) merged.set(path, { kustomization: file, part: 'labelled', by: 'entry' });
      for (const path of names.patches) merged.set(path, { kustomization: file, part: 'patch', by: 'entry' });
      chain = { named: merged, resources: new Set([...above.resources, ...names.resources]), nearest: file };
    }
    this.byDirectory.set(directory, chain);
    return chain;
  }

  private namesOf(file: string): KustomizationNames {
    let names = this.named.get(file);
    if (names === undefined) this.named.set(file, (names = namesOf(file)));
    return names;
  }

  /**
   * The kustomizations of the working directory, and what those writing selectors label
   * through directories: each is followed once from all of them at once (a visited set, so a
   * cycle of directories ends), and only to directories within `top` holding a kustomization.
   */
  private treeOfTop(): Tree {
    if (this.tree) return this.tree;
    const byDirectory = new Map<string, string>();
    for (const file of filesNamedUnder(this.top, KUSTOMIZATION_NAMES, KUSTOMIZATION_WALK, this.listed)) {
      const directory = dirname(file);
      // kustomize reads the first of its names a directory holds.
      const first = byDirectory.get(directory);
      if (first === undefined || KUSTOMIZATION_NAMES.indexOf(basename(file)) < KUSTOMIZATION_NAMES.indexOf(basename(first)))
        byDirectory.set(directory, file);
    }
    const names = new Map([...byDirectory.values()].map((file) => [file, this.namesOf(file)]));
    const resources = new Set([...names.values()].flatMap((n) => n.resources));
    const labelled = new Map<string, string>();
    const queue = [...names].filter(([, n]) => n.writesSelectors).map(([file]) => ({ file, by: file }));
    const visited = new Set(queue.map((entry) => entry.file));
    for (let next = queue.shift(); next; next = queue.shift()) {
      for (const entry of names.get(next.file)?.resources ?? []) {
        const included = byDirectory.get(entry);
        if (included === undefined) {
          if (!labelled.has(entry)) labelled.set(entry, next.by);
        } else if (!visited.has(included)) {
          visited.add(included);
          queue.push({ file: included, by: next.by });
        }
      }
    }
    this.tree = { labelled, resources };
    return this.tree;
  }
}

/** A name or directory that says patch: `*_patch.yaml`, `*-patch.yaml`, `patch*.yaml`, or under a `patches/` directory (`path` relative to the kustomization's directory). */
function namedAsPatch(path: string): boolean {
  const parts = path.toLowerCase().split(sep);
  const stem = parts.at(-1)!.replace(/\.ya?ml$/, '');
  return /^patch|[_-]patch$/.test(stem) || parts.slice(0, -1).includes('patches');
}

/**
 * The files a kustomization file names as patches and resources, as absolute paths, and
 * whether it writes selectors. A file that cannot be read or is no kustomization names none
 * (its own lint says what is wrong with it); inline patches (YAML text in the kustomization
 * itself) are not files.
 */
export function namesOf(file: string): KustomizationNames {
  let source: SourceFile;
  try {
    source = SourceFile.fromBytes(file, readBoundedFileSync(file));
  } catch {
    return NAMES_NONE;
  }
  const value = source.documents[0]?.value;
  if (!isJsonObject(value) || (value.kind !== undefined && !KUSTOMIZATION_KINDS.has(value.kind as string))) return NAMES_NONE;
  const patches: unknown[] = [];
  if (Array.isArray(value.patchesStrategicMerge)) patches.push(...value.patchesStrategicMerge);
  for (const field of ['patches', 'patchesJson6902'])
    if (Array.isArray(value[field])) for (const entry of value[field]) if (isJsonObject(entry)) patches.push(entry.path);
  const resources = RESOURCE_FIELDS.flatMap((field) => (Array.isArray(value[field]) ? (value[field] as unknown[]) : []));
  const directory = dirname(file);
  const paths = (entries: unknown[]): string[] => entries.filter(isFileReference).map((path) => resolve(directory, path));
  return {
    patches: paths(patches),
    resources: paths(resources),
    writesSelectors: writesSelectors(value),
    commentedPatches: paths(commentedPatches(source.text)),
  };
}

/** A line starting a top-level field, live or commented out (`patches:`, `#patchesStrategicMerge:`). */
const FIELD_LINE = /^#?\s?([A-Za-z]\w*):(?:\s|$)/;
/** A commented-out list entry naming a YAML file (`#- a_patch.yaml`, `# - path: a_patch.yaml`). */
const COMMENTED_ENTRY = /^\s*#+\s*-\s*(?:path:\s*)?([^\s#]+\.ya?ml)\s*$/i;

/**
 * The files named in commented-out entries of a patch field, the field itself live or
 * commented out: the optional patches a scaffold offers to turn on. Any other field's line
 * ends the field (a commented-out resource is not a patch).
 */
function commentedPatches(text: string): string[] {
  const names: string[] = [];
  let inPatches = false;
  for (const line of text.split(/\r?\n|\r/)) {
    const field = FIELD_LINE.exec(line)?.[1];
    if (field !== undefined) inPatches = PATCH_FIELDS.includes(field);
    else if (inPatches) {
      const name = COMMENTED_ENTRY.exec(line)?.[1];
      if (name !== undefined) names.push(name);
    }
  }
  return names;
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
