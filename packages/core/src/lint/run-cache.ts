import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Config } from '../config/config.js';
import { readBoundedFileSync } from '../source/read-bounded.js';
import type { CrossDocumentIndex, IndexedResult, LintEngine, LintedFile, PortableEntry } from './run.js';
import { RunIndex } from './run-index.js';
import { readSource } from './read-source.js';
import { orderIndex } from './run.js';

/** What the cache remembers of one file. */
interface CachedFile {
  /** sha256 of the file's bytes. */
  content: string;
  /** sha256 of the configuration that applied. */
  config: string;
  result: LintedFile;
  /** The file's cross-document index entries. */
  index: PortableEntry[];
  /** When a cross-document rule checks one of its objects: the digest of the index it was linted against. */
  indexDigest?: string;
}

interface CacheContents {
  /** The platlint version and the run's rules: a change of either empties the cache. */
  key: string;
  files: Record<string, CachedFile>;
}

/**
 * Lints through a cache, as ESLint's `--cache` does: a file whose bytes and configuration
 * are those of the last run gives its stored findings and index entries without being read
 * as YAML. A file that some cross-document rule checks is linted again when the index it
 * was checked against changed (another file's policy, priority level or group changed).
 * `lint` lints the files it is given with the stored entries of the others added to the
 * index, and returns each file's index entries.
 */
export async function lintWithCache(
  engine: LintEngine,
  location: string,
  key: string,
  paths: readonly string[],
  lint: (paths: readonly string[], storedIndex: readonly PortableEntry[]) => Promise<IndexedResult[]>,
): Promise<LintedFile[]> {
  const stored = load(location, key);
  const configDigests = new Map<Config, string>();
  const configOf = (path: string): string => {
    const config = engine.configFor(path);
    let digest = configDigests.get(config);
    if (!digest) configDigests.set(config, (digest = sha256(JSON.stringify(config))));
    return digest;
  };
  const fresh = new Map<string, CachedFile>();
  const contents = new Map<string, string>();
  for (const path of paths) {
    const content = contentDigest(path);
    contents.set(path, content);
    const entry = stored.files[path];
    if (entry && entry.content === content && entry.config === configOf(path)) fresh.set(path, entry);
  }
  const stale = paths.filter((p) => !fresh.has(p));
  const storedIndex = [...fresh.values()].flatMap((e) => e.index);
  const linted = new Map<string, IndexedResult>();
  if (stale.length) for (const r of await lint(stale, storedIndex)) linted.set(r.path, r);

  // The index of the whole run, now that every file's entries are known.
  const index = orderIndex(engine.fromPortable([...storedIndex, ...[...linted.values()].flatMap((r) => r.index ?? [])]));
  const digest = indexDigest(engine, index);
  const outdated = [...fresh].filter(([, e]) => e.indexDigest !== undefined && e.indexDigest !== digest).map(([p]) => p);
  const lookup = outdated.length ? new RunIndex(index) : undefined;
  for (const path of outdated) {
    linted.set(path, {
      ...engine.lintSource(readSource(path, engine.sourceOptionsFor(path)), lookup),
      index: fresh.get(path)?.index ?? [],
      needsIndex: true,
    });
    fresh.delete(path);
  }

  const files: Record<string, CachedFile> = {};
  const results = paths.map((path): LintedFile => {
    const cached = fresh.get(path);
    if (cached) {
      files[path] = cached;
      return cached.result;
    }
    const { index: entries = [], needsIndex, ...result } = linted.get(path) as IndexedResult;
    files[path] = {
      content: contents.get(path) as string,
      config: configOf(path),
      result,
      index: entries,
      ...(needsIndex ? { indexDigest: digest } : {}),
    };
    return result;
  });
  save(location, { key, files });
  return results;
}

/** The digest of the whole index: what a file checked by a cross-document rule depends on besides itself. */
function indexDigest(engine: LintEngine, index: CrossDocumentIndex): string {
  return sha256(JSON.stringify(engine.toPortable(index)));
}

function contentDigest(path: string): string {
  try {
    return createHash('sha256').update(readBoundedFileSync(path)).digest('hex');
  } catch {
    // An unreadable file is linted every time (its finding says why).
    return `unreadable-${randomBytes(8).toString('hex')}`;
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

// The cache holds findings of every file, more than one file may hold, but --cache-location
// is the user's to name: it is read bounded too, and only as a regular file.
const MAX_CACHE_BYTES = 256 * 1024 * 1024;

/** The stored cache, or an empty one when there is none, it is unreadable, or it is of another version. */
function load(location: string, key: string): CacheContents {
  try {
    const contents = JSON.parse(readBoundedFileSync(location, MAX_CACHE_BYTES).toString('utf8')) as CacheContents;
    if (contents?.key === key && contents.files && typeof contents.files === 'object') return contents;
  } catch {
    // No cache yet, or a damaged one: start over.
  }
  return { key, files: {} };
}

/**
 * Written beside its place and renamed over it, so a run cut short never leaves half a cache.
 * Its directory is made when missing (`node_modules/.cache/platlint`, say), private as the
 * code cache needs it where the two share `~/.cache/platlint`.
 */
function save(location: string, contents: CacheContents): void {
  const temporary = join(dirname(location), `.${basename(location)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    mkdirSync(dirname(location), { recursive: true, mode: 0o700 });
    writeFileSync(temporary, JSON.stringify(contents));
    renameSync(temporary, location);
  } catch {
    // A cache that cannot be written only costs time on the next run.
    try {
      unlinkSync(temporary);
    } catch {
      // It may never have been created.
    }
  }
}
