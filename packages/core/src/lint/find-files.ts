import * as nativeFs from 'node:fs';
import { realpathSync, statSync } from 'node:fs';
import { basename, resolve, sep } from 'node:path';
import { fdir } from 'fdir';
import { globSync, isDynamicPattern } from 'tinyglobby';
import { CONFIG_FILE } from '../config/config.js';
import { existsOnDisk, type FileLookup } from '../source/file-lookup.js';

/**
 * What `platlint lint DIR` reads in a directory, one definition for every door (the CLI, the
 * language server's workspace, the webhook's state): `*.yaml` and `*.yml` at any depth (any
 * case), not under node_modules or a hidden directory, not hidden themselves, and not the
 * configuration file (YAML too, but not a manifest).
 */
const YAML_FILE = /\.ya?ml$/i;

function isManifestName(name: string): boolean {
  return YAML_FILE.test(name) && !name.startsWith('.') && name.toLowerCase() !== CONFIG_FILE.toLowerCase();
}

function isSkippedDirectory(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

// eslint-disable-next-line no-control-regex -- the whole range below 0x80
const ASCII = /^[\x00-\x7f]*$/;

/**
 * The path of the entry `name` of the real directory `dir`: neither has anything to normalise,
 * so not path.join, whose normalising was half the walk's own time.
 */
const entryPath = (dir: string, name: string): string => (dir.endsWith(sep) ? `${dir}${name}` : `${dir}${sep}${name}`);

/** A path the command line named that does not exist, or a glob that matches nothing. */
export class FileNotFoundError extends Error {}

/** A directory that could not be listed; `code` is the errno code (EACCES, EMFILE, ...). */
export class UnreadableDirectoryError extends FileNotFoundError {
  constructor(
    readonly path: string,
    readonly code: string | undefined,
    cause: unknown,
  ) {
    super(`cannot read directory ${path}: ${code ?? String(cause)}`);
  }
}

/** A directory link that was not followed, and the directory it leads to. */
export interface SkippedLink {
  link: string;
  target: string;
}

export interface FindOptions {
  /** Told of each directory link left unfollowed because it leads back into the walk (see manifestFilesUnder). */
  onSkippedLink?: ((skipped: SkippedLink) => void) | undefined;
  /** Keeps what each directory the walk lists holds (see DirectoryListings). */
  listings?: DirectoryListings | undefined;
}

/**
 * The directories a walk listed, so that a run looking for the files beside the manifests
 * that decide how they are read (kustomizations, a chart's Chart.yaml) does not ask the disk
 * again:
 * - `exists`: whether a directory holds a name. Most directories hold none, and each lookup
 *   was a system call per name and directory (1,356 on the real-world corpus). A listing only
 *   ever answers that a name is absent: a name it holds, in any case (a file system may
 *   ignore case), is looked up on disk, which also says what a link leads to. A directory the
 *   walk did not list (above the walked one, behind a directory link) is looked up on disk
 *   too, and so is one holding a name outside ASCII: how a file system that ignores case
 *   folds those is its own.
 * - `listed`: a directory's entries as the walk read them, for another walk of the same tree
 *   (filesNamedUnder): `platlint lint .` walks the working directory for manifests, and then
 *   for kustomizations.
 */
export class DirectoryListings {
  /** By directory, without a trailing separator: its entries as read. */
  private readonly entries = new Map<string, readonly nativeFs.Dirent[]>();
  /**
   * By directory: its entries' names in lower case, made when `exists` first asks of it (few
   * directories are asked); null for one holding a name outside ASCII.
   */
  private readonly names = new Map<string, ReadonlySet<string> | null>();

  /** Keeps the listing of `dir` (as the walk names it: absolute, perhaps with a trailing separator). */
  record(dir: string, entries: readonly nativeFs.Dirent[]): void {
    this.entries.set(withoutTrailingSeparator(dir), entries);
  }

  /** A FileLookup that asks the disk only when the listing of the directory cannot say no. */
  readonly exists: FileLookup = (directory, name) => {
    const listed = this.namesIn(directory);
    if (listed && !listed.has(name.toLowerCase())) return false;
    return existsOnDisk(directory, name);
  };

  private namesIn(directory: string): ReadonlySet<string> | null | undefined {
    let names = this.names.get(directory);
    if (names === undefined) {
      const entries = this.entries.get(directory);
      if (entries === undefined) return undefined;
      names = entries.every((entry) => ASCII.test(entry.name)) ? new Set(entries.map((entry) => entry.name.toLowerCase())) : null;
      this.names.set(directory, names);
    }
    return names;
  }

  /** The entries of `directory` (absolute) as the walk read them, or undefined when it did not list it. */
  readonly listed: DirectoryLookup = (directory) => this.entries.get(withoutTrailingSeparator(directory));
}

const withoutTrailingSeparator = (dir: string): string => (dir.length > 1 && dir.endsWith(sep) ? dir.slice(0, -1) : dir);

/** The entries of a directory a walk listed (DirectoryListings.listed), or undefined. */
export type DirectoryLookup = (directory: string) => readonly nativeFs.Dirent[] | undefined;

/**
 * The manifest files under a directory, as paths relative to it, sorted. The walk is fdir's
 * (the crawler under tinyglobby): tinyglobby alone follows a link back to an ancestor once
 * before noticing, reading its files twice and, through `up -> ..`, files outside the
 * directory, and it cannot say which links it skipped. Here a directory link that leads to
 * a directory the walk is inside (`self -> .`, `up -> ..`, `root -> /`) is not followed and
 * is reported. Links elsewhere (a ConfigMap volume's `..data`, a shared folder) are followed;
 * a dangling link is no file and is passed over. A directory that cannot be listed throws
 * UnreadableDirectoryError: a silent gap would make a partial list look whole (out of
 * descriptors, a webhook's state would lose policies).
 */
export function manifestFilesUnder(dir: string, options: FindOptions = {}): string[] {
  const root = dir.endsWith(sep) ? dir : `${dir}${sep}`;
  let failure: UnreadableDirectoryError | undefined;
  const fail = (path: string, error: unknown): void => {
    failure ??= new UnreadableDirectoryError(path, (error as NodeJS.ErrnoException).code, error);
  };
  // Real paths of the directories entered, by walked path (with its trailing separator).
  const real = new Map<string, string>();
  // The links fdir followed, by walked path (without a trailing separator), and where they lead.
  const linkTargets = new Map<string, string>();
  const leadsBack = (name: string, path: string): boolean => {
    let target: string;
    try {
      // A link's target is the one fdir resolved before asking (it resolves only links); a
      // directory that is no link is where its parent really is. Neither costs a system call
      // (a realpath checks every component; an lstat per directory was 479 calls on the
      // real-world corpus).
      const realParent = real.get(path.slice(0, path.lastIndexOf(sep, path.length - 2) + 1));
      const linkTarget = linkTargets.get(path.endsWith(sep) ? path.slice(0, -1) : path);
      if (linkTarget !== undefined) target = linkTarget;
      else target = realParent !== undefined ? entryPath(realParent, name) : realpathSync(path);
    } catch (error) {
      fail(path, error);
      return true;
    }
    real.set(path, target);
    // The directories holding `path`, from its parent up to the root.
    for (
      let end = path.lastIndexOf(sep, path.length - 2);
      end >= root.length - 1 && end >= 0;
      end = end === 0 ? -1 : path.lastIndexOf(sep, end - 1)
    ) {
      const ancestor = real.get(path.slice(0, end + 1));
      if (ancestor !== undefined && (target === sep || ancestor === target || ancestor.startsWith(`${target}${sep}`))) {
        options.onSkippedLink?.({ link: path.slice(0, -1), target });
        return true;
      }
    }
    return false;
  };
  // fdir either throws at the first error or drops them all; listing errors are wanted, a
  // dangling link (a failed realpath inside fdir) is not, so listings report through here.
  const readdirSync = ((path: string, opts: unknown) => {
    try {
      const entries = nativeFs.readdirSync(path, opts as { withFileTypes: true });
      options.listings?.record(path, entries);
      return entries;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') fail(path, error);
      throw error;
    }
  }) as typeof nativeFs.readdirSync;
  const followLink = ((path: string) => {
    const target = realpathSync(path);
    linkTargets.set(path, target);
    return target;
  }) as typeof nativeFs.realpathSync;
  try {
    real.set(root, realpathSync(root));
  } catch (error) {
    throw new UnreadableDirectoryError(dir, (error as NodeJS.ErrnoException).code, error);
  }
  const found = new fdir({ fs: { ...nativeFs, readdirSync, realpathSync: followLink } })
    .withSymlinks({ resolvePaths: false })
    .withRelativePaths()
    .exclude((name, path) => isSkippedDirectory(name) || leadsBack(name, path))
    .filter((path, isDirectory) => !isDirectory && isManifestName(basename(path)))
    .crawl(root)
    .sync();
  if (failure) throw failure;
  return found.sort();
}

/**
 * The files named one of `names` (exactly) under a directory, absolute, sorted, for a tool's
 * files that decide how others are read (kustomizations). Skipped as the manifest walk skips
 * (hidden directories, node_modules), links not followed (the files a link leads to are
 * elsewhere's own), at most `bound.depth` levels deep and `bound.directories` directories in
 * all (a working directory may be `/` or a home directory), so the answer is partial in a
 * larger tree; a directory that cannot be listed holds none.
 */
export function filesNamedUnder(
  dir: string,
  names: readonly string[],
  bound: { depth: number; directories: number },
  listed?: DirectoryLookup,
): string[] {
  const wanted = new Set(names);
  let directories = 0;
  // A directory the run's walk listed already is not read again.
  const readdirSync = ((path: string, options: unknown) =>
    listed?.(path) ?? nativeFs.readdirSync(path, options as { withFileTypes: true })) as typeof nativeFs.readdirSync;
  return new fdir({ fs: { ...nativeFs, readdirSync } })
    .withFullPaths()
    .withMaxDepth(bound.depth)
    .exclude((name) => isSkippedDirectory(name) || ++directories > bound.directories)
    .filter((path, isDirectory) => !isDirectory && wanted.has(basename(path)))
    .crawl(dir)
    .sync()
    .sort();
}

/**
 * Expands paths as the command line gives them: files as named, directories recursively to
 * their manifest files, and glob patterns. Order is stable (sorted within each argument).
 */
export function findManifestFilesSync(paths: readonly string[], cwd: string, options: FindOptions = {}): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (file: string): void => {
    if (!seen.has(file)) {
      seen.add(file);
      out.push(file);
    }
  };
  for (const path of paths) {
    if (isDynamicPattern(path)) {
      const matches = globSync(path, {
        cwd,
        dot: false,
        onlyFiles: true,
        ignore: ['**/node_modules/**'],
        expandDirectories: false,
      });
      if (matches.length === 0) throw new FileNotFoundError(`no files match ${path}`);
      matches
        .filter((m) => YAML_FILE.test(m))
        .sort()
        .forEach(add);
      continue;
    }
    let stats;
    // Paths, not URLs: a space or a `#` in a name is part of it.
    try {
      stats = statSync(resolve(cwd, path));
    } catch {
      throw new FileNotFoundError(`no such file or directory: ${path}`);
    }
    if (stats.isDirectory()) {
      const base = path.replace(/\/+$/, '');
      const found = manifestFilesUnder(resolve(cwd, base), options);
      found.forEach((m) => add(base === '.' ? m : `${base}/${m}`));
    } else {
      add(path);
    }
  }
  return out;
}

/** findManifestFilesSync for callers that await (the CLI's run). */
export async function findManifestFiles(paths: readonly string[], cwd: string, options: FindOptions = {}): Promise<string[]> {
  return Promise.resolve().then(() => findManifestFilesSync(paths, cwd, options));
}

/** The manifest files under directories (absolute paths), at most `limit`: the language server's view of a workspace. */
export function listManifestFiles(roots: readonly string[], limit: number): string[] {
  const out: string[] = [];
  for (const root of roots) {
    if (out.length >= limit) break;
    let found: string[];
    try {
      found = manifestFilesUnder(root);
    } catch {
      // A workspace folder that cannot be read holds nothing the editor can show.
      continue;
    }
    const base = root.endsWith(sep) ? root : `${root}${sep}`;
    out.push(...found.slice(0, limit - out.length).map((f) => `${base}${f}`));
  }
  return out;
}
