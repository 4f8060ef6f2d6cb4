import { statSync } from 'node:fs';
import { CONFIG_FILE } from '@platlint/core';
import { glob, isDynamicPattern } from 'tinyglobby';

const YAML_FILE = /\.ya?ml$/i;

export class UsageError extends Error {}

/**
 * Expands the command line's paths: files as given, directories recursively to their
 * `*.yaml`/`*.yml` files, and glob patterns. Order is stable (sorted within each argument).
 */
export async function expandPaths(paths: readonly string[], cwd: string): Promise<string[]> {
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
      if (matches.length === 0) throw new UsageError(`no files match ${path}`);
      matches.sort().forEach(add);
      continue;
    }
    let stats;
    try {
      stats = statSync(new URL(path, `file://${cwd}/`));
    } catch {
      throw new UsageError(`no such file or directory: ${path}`);
    }
    if (stats.isDirectory()) {
      const base = path.replace(/\/+$/, '');
      // The configuration file is YAML too, but not a manifest.
      const matches = await glob(['**/*.yaml', '**/*.yml'], { cwd: new URL(`${base}/`, `file://${cwd}/`).pathname, dot: false, onlyFiles: true, caseSensitiveMatch: false, ignore: ['**/node_modules/**', `**/${CONFIG_FILE}`] });
      matches.sort().forEach((m) => add(base === '.' ? m : `${base}/${m}`));
    } else {
      add(path);
    }
  }
  return out.filter((f) => YAML_FILE.test(f) || paths.includes(f));
}
