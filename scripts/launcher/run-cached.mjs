// Starts a bundled executable through vm.Script with a V8 code cache (Node 20 has no
// module.enableCompileCache). Compiling the bundle and then each function as it is first
// called costs tens of milliseconds on every run; with the cache V8 reads that work back.
//
// The bundle is a script holding one function expression (scripts/bundle-node.mjs writes it).
// The cache is made after the run, so it holds the functions the run compiled lazily too,
// and only when there was none or V8 rejected it. Nothing here may fail or noticeably slow
// a run: every problem with the cache just means running without it.
import { isAscii } from 'node:buffer';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { debuglog } from 'node:util';
import { Script, constants } from 'node:vm';
import { isMainThread } from 'node:worker_threads';
import { readBundle } from './bundle-file.mjs';
import { MISSING, cacheDirectory, ensurePrivateDirectory, privateDirectoryProblem } from './cache-directory.mjs';
import { cacheFileName, readCacheFile, writeCacheFile } from './cache-file.mjs';
import { ensureCacheKey, readCacheKey } from './cache-key.mjs';
import { Refusal } from './own-file.mjs';

// NODE_DEBUG=platlint-code-cache says what happened to the cache, on standard error.
const debug = debuglog('platlint-code-cache');

/**
 * Runs the bundle at `script` (a file URL) as executable `name`. `entry` is the URL of the
 * module the process or worker started from (the launcher): the bundle's `import.meta.url`,
 * which starts worker threads, so that they load through here too. `cacheAfter` lists the
 * first arguments of runs worth making the cache from (undefined: any run); a cache made by
 * `--help` would lack what the commonest command compiles. `digest` is the bundle's SHA-256,
 * written into the launcher by the build (bundle-file.mjs).
 */
export function runCached({ script, name, entry, cacheAfter, digest }) {
  const path = fileURLToPath(script);
  const { bytes, identity } = readBundle(path, digest);
  // The build writes the bundle in ASCII (scripts/ascii-regexps.mjs): latin1 decodes it far
  // faster than utf8, into the same string; a bundle that is not is decoded as what it is.
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  if (identity === undefined) debug('off: %s changed while it was read', path);
  const cache = identity === undefined ? undefined : openCache(name, identity);
  // esbuild turns import() of bundled modules into calls; any other would load as from a module.
  const compiled = new Script(source, {
    filename: path,
    cachedData: cache?.data,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (cache) {
    const hit = cache.data !== undefined && !compiled.cachedDataRejected;
    if (cache.refused) debug('refused in %s: %s', cache.dir, cache.refused);
    else debug('%s in %s', hit ? 'hit' : cache.data ? 'rejected' : 'miss', cache.dir);
    const worthMaking = isMainThread && (cacheAfter === undefined || cacheAfter.includes(process.argv[2]));
    if (!hit && worthMaking) process.once('exit', () => saveCache(cache, compiled));
  }
  const module = { exports: {} };
  compiled.runInThisContext()(createRequire(path), module, module.exports, path, dirname(path), entry);
}

/**
 * Where the cache is and, when there is an intact file of this user's, V8's data; undefined
 * when it is off. `refused` says why a directory or file that is there was not used.
 */
function openCache(name, identity) {
  let dir;
  let file;
  try {
    dir = cacheDirectory();
    if (dir === undefined) return undefined;
    file = cacheFileName(name, identity);
    const problem = privateDirectoryProblem(dir);
    if (problem === MISSING) return { dir, file };
    if (problem) return { dir, file, refused: problem };
    // Without a key no file can be intact: this user's runs have not written one.
    const key = readCacheKey(dir);
    return { dir, file, data: key && readCacheFile(dir, file, key) };
  } catch (error) {
    if (error instanceof Refusal) return { dir, file, refused: error.message };
    debug('off: %s', error);
    return undefined;
  }
}

function saveCache(cache, compiled) {
  try {
    ensurePrivateDirectory(cache.dir);
    const key = ensureCacheKey(cache.dir);
    writeCacheFile(cache.dir, cache.file, key, () => compiled.createCachedData());
    debug('wrote %s', cache.file);
  } catch (error) {
    debug('not written: %s', error instanceof Refusal ? error.message : error);
  }
}
