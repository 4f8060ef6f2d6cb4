import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ignore from 'ignore';
import { isMap, isScalar, parseDocument } from 'yaml';
import type { Node } from 'yaml';
import type { Severity } from '../diagnostics.js';
import { LineIndex } from '../source/line-index.js';
import { DEFAULT_RELEASE } from './feature-gates.js';

type IgnoreFactory = typeof ignore;

export const CONFIG_FILE = 'platlint.config.yaml';
export const IGNORE_FILE = '.platlintignore';

export type RuleSetting = Severity | 'off';

export interface Config {
  /** The file it came from; undefined for the built-in defaults. */
  file: string | undefined;
  /** Directory that ignore globs are relative to. */
  root: string;
  rules: Record<string, RuleSetting>;
  ignore: string[];
  /** Gates the configuration sets explicitly; the others keep their defaults (gateEnabled). */
  featureGates: Record<string, boolean>;
  release: string;
}

/** A configuration file that cannot be used, with the place of the problem. */
export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}:${column}: ${reason}`);
  }
}

const SETTINGS = new Set(['off', 'info', 'warning', 'error']);
const TOP_KEYS = new Set(['rules', 'ignore', 'featureGates', 'release']);

export function defaultConfig(root: string): Config {
  return { file: undefined, root, rules: {}, ignore: [], featureGates: {}, release: DEFAULT_RELEASE };
}

/** Reads and checks one configuration file. Throws ConfigError naming file and line. */
export function loadConfigFile(file: string, knownRules: ReadonlySet<string>): Config {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(file, 1, 1, code === 'ENOENT' ? 'file not found' : `cannot read the file (${code ?? String(error)})`);
  }
  const lines = new LineIndex(text);
  const fail = (offset: number, reason: string): never => {
    const p = lines.position(offset);
    throw new ConfigError(file, p.line, p.column, reason);
  };
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  const firstError = doc.errors[0];
  if (firstError) fail(firstError.pos[0], `invalid YAML: ${firstError.message.replace(/ at line[\s\S]*$/, '')}`);
  const config = defaultConfig(dirname(file));
  config.file = file;
  const root = doc.contents;
  if (root === null) return config;
  if (!isMap(root)) return fail(start(root), 'the configuration must be a mapping');
  for (const pair of root.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    const keyAt = start(pair.key as Node);
    const value = pair.value as Node | null;
    if (!TOP_KEYS.has(key)) fail(keyAt, `unknown setting "${key}"; expected one of ${[...TOP_KEYS].join(', ')}`);
    if (key === 'release') {
      if (!isScalar(value) || !/^\d+\.\d+$/.test(String(value.value))) fail(value ? start(value) : keyAt, 'release must be a version such as "1.37"');
      config.release = String((value as { value: unknown }).value);
    } else if (key === 'ignore') {
      const items = value && 'items' in value && Array.isArray(value.items) && !isMap(value) ? value.items : fail(value ? start(value) : keyAt, 'ignore must be a list of glob patterns');
      for (const item of items as Node[]) {
        if (!isScalar(item) || typeof item.value !== 'string') fail(start(item), 'each ignore entry must be a glob pattern string');
        config.ignore.push(String((item as { value: unknown }).value));
      }
    } else if (value !== null) {
      if (!isMap(value)) fail(start(value), `${key} must be a mapping`);
      for (const entry of (value as unknown as { items: { key: Node; value: Node | null }[] }).items) {
        const name = isScalar(entry.key) ? String(entry.key.value) : '';
        const setting = isScalar(entry.value) ? entry.value.value : undefined;
        const at = entry.value ? start(entry.value) : start(entry.key);
        if (key === 'rules') {
          if (!knownRules.has(name)) fail(start(entry.key), `unknown rule "${name}" (see \`platlint rules\`)`);
          if (typeof setting !== 'string' || !SETTINGS.has(setting)) fail(at, `rule ${name}: severity must be off, info, warning or error`);
          config.rules[name] = setting as RuleSetting;
        } else {
          if (typeof setting !== 'boolean') fail(at, `feature gate ${name} must be true or false`);
          config.featureGates[name] = setting as boolean;
        }
      }
    }
  }
  return config;
}

function start(node: Node | null | undefined): number {
  return node?.range?.[0] ?? 0;
}

/**
 * Finds the configuration of each file: the nearest platlint.config.yaml upward from the
 * file's directory, unless one was given explicitly. Results are cached per directory.
 */
export class ConfigResolver {
  private readonly byDirectory = new Map<string, Config>();
  private explicit: Config | undefined;

  constructor(
    private readonly knownRules: ReadonlySet<string>,
    private readonly options: { configFile?: string; cwd: string },
  ) {
    if (options.configFile) this.explicit = loadConfigFile(resolve(options.cwd, options.configFile), knownRules);
  }

  forFile(file: string): Config {
    if (this.explicit) return this.explicit;
    return this.forDirectory(dirname(resolve(this.options.cwd, file)));
  }

  private forDirectory(dir: string): Config {
    const known = this.byDirectory.get(dir);
    if (known) return known;
    const candidate = join(dir, CONFIG_FILE);
    const parent = dirname(dir);
    const config = existsSync(candidate) ? loadConfigFile(candidate, this.knownRules) : parent === dir ? defaultConfig(this.options.cwd) : this.forDirectory(parent);
    this.byDirectory.set(dir, config);
    return config;
  }
}

/**
 * Decides which files to skip: `.platlintignore` (gitignore syntax) in the working
 * directory, and the `ignore` globs of each file's configuration.
 */
export class IgnoreFilter {
  private readonly base: ReturnType<IgnoreFactory>;
  private readonly perConfig = new Map<Config, ReturnType<IgnoreFactory>>();

  constructor(private readonly cwd: string) {
    const file = join(cwd, IGNORE_FILE);
    this.base = ignore().add(existsSync(file) ? readFileSync(file, 'utf8') : '');
  }

  ignored(file: string, config: Config): boolean {
    const absolute = resolve(this.cwd, file);
    if (testPath(this.base, relative(this.cwd, absolute))) return true;
    if (config.ignore.length === 0) return false;
    let matcher = this.perConfig.get(config);
    if (!matcher) {
      matcher = ignore().add(config.ignore);
      this.perConfig.set(config, matcher);
    }
    return testPath(matcher, relative(config.root, absolute));
  }
}

/** `ignore` takes relative POSIX paths only; paths outside the root are never ignored. */
function testPath(matcher: ReturnType<IgnoreFactory>, rel: string): boolean {
  if (rel === '' || rel.startsWith('..')) return false;
  return matcher.ignores(rel.split(sep).join('/'));
}
