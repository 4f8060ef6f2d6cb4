import { statSync } from 'node:fs';
import { glob, globSync, isDynamicPattern } from 'tinyglobby';
import { CONFIG_FILE } from '../config/config.js';

/**
 * What `platlint lint DIR` reads in a directory, one definition for every door: `*.yaml` and
 * `*.yml` at any depth (any case), not under node_modules or a hidden directory, and not the
 * configuration file (YAML too, but not a manifest).
 */
const MANIFEST_PATTERNS = ['**/*.yaml', '**/*.yml'];
const YAML_FILE = /\.ya?ml$/i;

function directoryOptions(dir: string) {
  return { cwd: dir, dot: false, onlyFiles: true, caseSensitiveMatch: false, ignore: ['**/node_modules/**', `**/${CONFIG_FILE}`] } as const;
}

/** A path the command line named that does not exist, or a glob that matches nothing. */
export class FileNotFoundError extends Error {}

/**
 * Expands paths as the command line gives them: files as named, directories recursively to
 * their manifest files, and glob patterns. Order is stable (sorted within each argument).
 */
export async function findManifestFiles(paths: readonly string[], cwd: string): Promise<string[]> {
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
      const matches = await glob(path, { cwd, dot: false, onlyFiles: true, ignore: ['**/node_modules/**'], expandDirectories: false });
      if (matches.length === 0) throw new FileNotFoundError(`no files match ${path}`);
      matches.sort().forEach(add);
      continue;
    }
    let stats;
    try {
      stats = statSync(new URL(path, `file://${cwd}/`));
    } catch {
      throw new FileNotFoundError(`no such file or directory: ${path}`);
    }
    if (stats.isDirectory()) {
      const base = path.replace(/\/+$/, '');
      const matches = await glob(MANIFEST_PATTERNS, directoryOptions(new URL(`${base}/`, `file://${cwd}/`).pathname));
      matches.sort().forEach((m) => add(base === '.' ? m : `${base}/${m}`));
    } else {
      add(path);
    }
  }
  return out.filter((f) => YAML_FILE.test(f) || paths.includes(f));
}

/** The manifest files under directories (absolute paths), at most `limit`: the language server's view of a workspace. */
export function listManifestFiles(roots: readonly string[], limit: number): string[] {
  const out: string[] = [];
  for (const root of roots) {
    if (out.length >= limit) break;
    const found = globSync(MANIFEST_PATTERNS, { ...directoryOptions(root), absolute: true });
    out.push(...found.sort().slice(0, limit - out.length));
  }
  return out;
}
