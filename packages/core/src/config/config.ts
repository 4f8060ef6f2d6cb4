import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Node, YAMLError } from 'yaml';
import type { Severity } from '../diagnostics.js';
import { existsOnDisk, type FileLookup } from '../source/file-lookup.js';
import { LineIndex } from '../source/line-index.js';
import { readBoundedFileSync, readFailureReason } from '../source/read-bounded.js';
import { closest } from '../validate/validator.js';
import { DEFAULT_RELEASE, knownFeatureGates } from './feature-gates.js';
import { RelativeGlobs } from './globs.js';
import { API_SERVER_CONFIG_NAMES } from './api-server-configs.js';
import type { ApiServerConfigName } from './api-server-configs.js';

export const CONFIG_FILE = 'platlint.config.yaml';
export const IGNORE_FILE = '.platlintignore';

export type RuleSetting = Severity | 'off';

export interface Config {
  /** The file it came from; undefined for the built-in defaults. */
  file: string | undefined;
  /** Directory that ignore globs are relative to. */
  root: string;
  /**
   * Read-only once read: a lint works out once per configuration which rules run on each kind
   * (run-rules.ts), so a change of settings is a new record (run.ts merges overrides so).
   */
  rules: Readonly<Record<string, RuleSetting>>;
  ignore: string[];
  /** Gates the configuration sets explicitly; the others keep their defaults (gateEnabled). */
  featureGates: Record<string, boolean>;
  release: string;
  /** Files, directories and globs of CustomResourceDefinitions the run knows (relative to `root`). */
  crds: string[];
  /**
   * The API server's configuration files, by what the server reads them as: gitignore-style
   * globs relative to `root`. A file declared here is checked as that kind (declarationsOf).
   */
  apiServerConfigs: Partial<Record<ApiServerConfigName, string[]>>;
  /** Directories and files of the platform's OpenAPI v3 documents (relative to `root`). */
  openapi: string[];
}

/** One problem of a configuration file, at its place (1-based line and column). */
export interface ConfigProblem {
  line: number;
  column: number;
  reason: string;
}

/**
 * A configuration file that cannot be used. It carries every problem of the file (a broken
 * configuration is fixed in one go, not one error per run); `line`, `column` and `reason` are
 * those of the first.
 */
export class ConfigError extends Error {
  readonly problems: readonly ConfigProblem[];

  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
    more: readonly ConfigProblem[] = [],
  ) {
    const problems = [{ line, column, reason }, ...more];
    super(problems.map((p) => `${file}:${p.line}:${p.column}: ${p.reason}`).join('\n'));
    this.problems = problems;
  }
}

const SETTINGS = new Set(['off', 'info', 'warning', 'error']);
const TOP_KEYS = new Set(['rules', 'ignore', 'featureGates', 'release', 'crds', 'openapi', 'apiServerConfigs']);

export function defaultConfig(root: string): Config {
  return {
    file: undefined,
    root,
    rules: {},
    ignore: [],
    featureGates: {},
    release: DEFAULT_RELEASE,
    crds: [],
    openapi: [],
    apiServerConfigs: {},
  };
}

/** Reads and checks one configuration file. Throws ConfigError naming file and line. */
export function loadConfigFile(file: string, knownRules: ReadonlySet<string>): Config {
  let text: string;
  try {
    text = readBoundedFileSync(file).toString('utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(
      file,
      1,
      1,
      code === 'ENOENT' ? 'file not found' : `cannot read the file (${readFailureReason(error)})`,
    );
  }
  const lines = new LineIndex(text);
  const problems: ConfigProblem[] = [];
  const problem = (offset: number, reason: string): void => {
    const p = lines.position(offset);
    problems.push({ line: p.line, column: p.column, reason });
  };
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  const root = doc.contents;
  const foreign = notAConfiguration(root, doc.errors);
  if (foreign) {
    const at = lines.position(foreign.offset);
    throw new ConfigError(file, at.line, at.column, `not a platlint configuration: ${foreign.reason}`);
  }
  for (const error of doc.errors) problem(error.pos[0], `invalid YAML: ${error.message.replace(/ at line[\s\S]*$/, '')}`);
  const config = defaultConfig(dirname(file));
  config.file = file;
  if (problems.length === 0 && isMap(root)) readSettings(root.items, config, knownRules, problem);
  const [first, ...more] = problems;
  if (first) throw new ConfigError(file, first.line, first.column, first.reason, more);
  return config;
}

const SETTING_NAMES = [...TOP_KEYS].join(', ');

/**
 * Why a file is no platlint configuration at all, or undefined when it is one (a mapping that
 * names at least one setting, or nothing: an empty file or an empty mapping, the defaults).
 *
 * Any file can be named as a configuration (`--config`, the editor's `configFile` setting, a
 * platlint.config.yaml that links elsewhere), and problems travel to logs, CI output and
 * editors. So a file that is not a configuration is refused with the place and the kind of
 * problem only, never a word of its text: a key of /etc/shadow is a user name and its hash,
 * and a YAML parser's message can quote the text around its error. A configuration with
 * mistakes is the user's own and names what is wrong (`unknown rule "x"`).
 */
function notAConfiguration(root: Node | null, errors: readonly YAMLError[]): { offset: number; reason: string } | undefined {
  if (isMap(root) && root.items.some((pair) => isScalar(pair.key) && TOP_KEYS.has(String(pair.key.value)))) return undefined;
  const [error] = errors;
  if (error) return { offset: error.pos[0], reason: 'it is not valid YAML' };
  if (root === null || (isMap(root) && root.items.length === 0)) return undefined;
  if (!isMap(root)) return { offset: start(root), reason: `it must be a mapping of settings (${SETTING_NAMES})` };
  return { offset: start(root.items[0]?.key as Node), reason: `none of its top-level keys is a setting (${SETTING_NAMES})` };
}

type Report = (offset: number, reason: string) => void;

/** The settings that are lists of strings: what the list holds, and what each entry must be. */
const LIST_SETTINGS = {
  ignore: { what: 'glob patterns', each: 'a glob pattern string' },
  crds: { what: 'paths (files, directories or globs) of CustomResourceDefinitions', each: 'a path string' },
  openapi: {
    what: 'paths (directories or files) of OpenAPI v3 documents, as `platlint schema pull` saves them',
    each: 'a path string',
  },
} as const;

/** Reads the top-level settings into `config`, reporting each problem and going on. */
function readSettings(
  pairs: readonly { key: unknown; value: unknown }[],
  config: Config,
  knownRules: ReadonlySet<string>,
  problem: Report,
): void {
  const gates = knownFeatureGates();
  for (const pair of pairs) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    const keyAt = start(pair.key as Node);
    const value = pair.value as Node | null;
    if (!TOP_KEYS.has(key)) {
      problem(
        keyAt,
        `unknown setting "${key}"${didYouMean(key, [...TOP_KEYS]) || `; expected one of ${[...TOP_KEYS].join(', ')}`}`,
      );
    } else if (key === 'release') {
      if (isScalar(value) && RELEASE.test(String(value.value))) config.release = String(value.value);
      else problem(value ? start(value) : keyAt, 'release must be a version such as "1.37"');
    } else if (key === 'ignore' || key === 'crds' || key === 'openapi') {
      config[key] = readStrings(
        value,
        keyAt,
        {
          list: `${key} must be a list of ${LIST_SETTINGS[key].what}`,
          item: `each ${key} entry must be ${LIST_SETTINGS[key].each}`,
        },
        problem,
      );
    } else if (key === 'apiServerConfigs') {
      config.apiServerConfigs = readApiServerConfigs(value, keyAt, problem);
    } else if (value !== null) {
      if (!isMap(value)) {
        problem(start(value), `${key} must be a mapping`);
        continue;
      }
      // A new record rather than writes into the configuration's: its rule settings are read-only.
      const rules: Record<string, RuleSetting> = {};
      for (const entry of value.items as { key: Node; value: Node | null }[]) {
        const name = isScalar(entry.key) ? String(entry.key.value) : '';
        const setting = isScalar(entry.value) ? entry.value.value : undefined;
        const at = entry.value ? start(entry.value) : start(entry.key);
        if (key === 'rules') {
          if (!knownRules.has(name))
            problem(start(entry.key), `${unknownRuleMessage(name, knownRules)} (see \`platlint rules\`)`);
          else if (typeof setting !== 'string' || !SETTINGS.has(setting))
            problem(at, `rule ${name}: severity must be off, info, warning or error`);
          else rules[name] = setting as RuleSetting;
        } else {
          // The server refuses to start with a gate it does not know; so is the configuration.
          if (!gates.has(name)) problem(start(entry.key), `unknown feature gate "${name}"${didYouMean(name, [...gates])}`);
          else if (typeof setting !== 'boolean') problem(at, `feature gate ${name} must be true or false`);
          else config.featureGates[name] = setting;
        }
      }
      if (key === 'rules') config.rules = rules;
    }
  }
}

const RELEASE = /^\d+\.\d+$/;

/** A list of strings (`ignore`, `crds`, each list of `apiServerConfigs`); each item that is not one is a problem. */
function readStrings(value: Node | null, keyAt: number, say: { list: string; item: string }, problem: Report): string[] {
  return readStringItems(value, keyAt, say, problem).map((item) => item.text);
}

function readStringItems(
  value: Node | null,
  keyAt: number,
  say: { list: string; item: string },
  problem: Report,
): { text: string; at: number }[] {
  if (!value || !isSeq(value)) {
    problem(value ? start(value) : keyAt, say.list);
    return [];
  }
  const strings: { text: string; at: number }[] = [];
  for (const item of value.items as Node[]) {
    if (isScalar(item) && typeof item.value === 'string') strings.push({ text: item.value, at: start(item) });
    else problem(start(item), say.item);
  }
  return strings;
}

/**
 * `apiServerConfigs`: which files are which API server configuration. A path named under two
 * settings is a problem: the server reads each configuration from a file of its own.
 */
function readApiServerConfigs(value: Node | null, keyAt: number, problem: Report): Config['apiServerConfigs'] {
  const names = API_SERVER_CONFIG_NAMES.join(', ');
  const declared: Config['apiServerConfigs'] = {};
  if (!isMap(value)) {
    problem(value ? start(value) : keyAt, `apiServerConfigs must be a mapping of ${names} to lists of files or globs`);
    return declared;
  }
  const settingOf = new Map<string, ApiServerConfigName>();
  for (const entry of value.items as { key: Node; value: Node | null }[]) {
    const name = isScalar(entry.key) ? String(entry.key.value) : '';
    if (!isApiServerConfigName(name)) {
      problem(
        start(entry.key),
        `unknown API server configuration "${name}"${didYouMean(name, API_SERVER_CONFIG_NAMES) || `; expected one of ${names}`}`,
      );
      continue;
    }
    const items = readStringItems(
      entry.value,
      start(entry.key),
      {
        list: `apiServerConfigs.${name} must be a list of files or globs`,
        item: `each apiServerConfigs.${name} entry must be a path string`,
      },
      problem,
    );
    for (const { text, at } of items) {
      // gitignore-style globs match inside their directory only: a way out would match nothing, silently.
      if (text.split(/[\\/]/).includes('..'))
        problem(
          at,
          `${text} leads out of the configuration's directory; apiServerConfigs globs are relative to it and match inside it only`,
        );
      const other = settingOf.get(text);
      if (other && other !== name)
        problem(at, `${text} is declared as ${other} too; the server reads each configuration from a file of its own`);
      settingOf.set(text, name);
    }
    declared[name] = items.map((item) => item.text);
  }
  return declared;
}

function isApiServerConfigName(name: string): name is ApiServerConfigName {
  return (API_SERVER_CONFIG_NAMES as readonly string[]).includes(name);
}

/** `unknown rule "x"; did you mean "y"?`: how every door names a rule id that does not exist. */
export function unknownRuleMessage(id: string, knownRules: ReadonlySet<string>): string {
  return `unknown rule "${id}"${didYouMean(id, [...knownRules])}`;
}

function didYouMean(word: string, candidates: readonly string[]): string {
  const suggestion = closest(word, candidates);
  return suggestion ? `; did you mean "${suggestion}"?` : '';
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
  /**
   * The same, by the path as asked: a lint asks for a file's configuration several times
   * (ignored files, declared configurations, the lint itself), and resolving the path each
   * time cost more than the lookup (3% of a lint of the real-world corpus).
   */
  private readonly byFile = new Map<string, Config>();
  /** By a file's directory as its path was given: the files of a directory share the resolving of its path. */
  private readonly byGivenDirectory = new Map<string, Config>();
  private explicit: Config | undefined;

  /**
   * `exists`: whether a directory holds a configuration file (a run that walked the tree
   * answers from its listings, lint/find-files.ts DirectoryListings; the disk otherwise).
   */
  constructor(
    private readonly knownRules: ReadonlySet<string>,
    private readonly options: {
      configFile?: string;
      cwd: string;
      exists?: FileLookup | undefined;
    },
  ) {
    if (options.configFile) this.explicit = loadConfigFile(resolve(options.cwd, options.configFile), knownRules);
  }

  forFile(file: string): Config {
    if (this.explicit) return this.explicit;
    let config = this.byFile.get(file);
    if (!config) {
      // A file's name is no `.` or `..`: its directory resolved is the directory of its path resolved.
      const given = dirname(file);
      config = this.byGivenDirectory.get(given);
      if (!config) {
        config = this.forDirectory(resolve(this.options.cwd, given));
        this.byGivenDirectory.set(given, config);
      }
      this.byFile.set(file, config);
    }
    return config;
  }

  private forDirectory(dir: string): Config {
    const known = this.byDirectory.get(dir);
    if (known) return known;
    const parent = dirname(dir);
    const config = (this.options.exists ?? existsOnDisk)(dir, CONFIG_FILE)
      ? loadConfigFile(join(dir, CONFIG_FILE), this.knownRules)
      : parent === dir
        ? defaultConfig(this.options.cwd)
        : this.forDirectory(parent);
    this.byDirectory.set(dir, config);
    return config;
  }
}

/**
 * Decides which files to skip: `.platlintignore` (gitignore syntax) in the working
 * directory, and the `ignore` globs of each file's configuration.
 */
export class IgnoreFilter {
  /** Undefined when there is no `.platlintignore` (or it is blank): most runs, whose files need no matching at all. */
  private readonly base: RelativeGlobs | undefined;
  private readonly perConfig = new Map<Config, RelativeGlobs>();

  constructor(private readonly cwd: string) {
    const file = join(cwd, IGNORE_FILE);
    const patterns = existsSync(file) ? readBoundedFileSync(file).toString('utf8') : '';
    this.base = patterns.trim() === '' ? undefined : new RelativeGlobs(cwd, patterns);
  }

  ignored(file: string, config: Config): boolean {
    if (!this.base && config.ignore.length === 0) return false;
    const absolute = resolve(this.cwd, file);
    if (this.base?.matches(absolute)) return true;
    if (config.ignore.length === 0) return false;
    let matcher = this.perConfig.get(config);
    if (!matcher) {
      matcher = new RelativeGlobs(config.root, config.ignore);
      this.perConfig.set(config, matcher);
    }
    return matcher.matches(absolute);
  }
}
