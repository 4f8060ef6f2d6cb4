import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CONFIG_FILE,
  ConfigError,
  CustomKindConflictError,
  DirectoryListings,
  FileNotFoundError,
  OpenApiDocumentError,
  definitionsInSource,
  readDefinitions,
  ReadFiles,
  readOpenApiDocuments,
  readProblemOf,
  SourceFile,
  UnknownRuleError,
  UnreadableFileError,
  findManifestFiles,
  fixRoots,
  renderRulePage,
  formatters,
  lintAndFix,
  lintWithCache,
  summarize,
  textDigest,
} from '@platlint/core';
import type { DefinitionSource, IndexedResult, LintEngine, LintedFile, PortableEntry, Report } from '@platlint/core';
import { parseLintArgs } from './args.js';
import type { LintArgs } from './args.js';
import { skippedLinkNote } from './files.js';
import { parseStrict, UsageError } from './options.js';
import { defaultLintCacheLocation, isTrackedByGit } from './lint-cache-location.js';
import { defaultWorkers, engineFor, lintInParallel, sizeUp } from './parallel.js';
import { YoungGenerationCap } from './gc-settings.js';
import type { EngineRequest } from './parallel.js';
import { allRuleMetas } from '@platlint/rules';

export interface Io {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Raw bytes: standard input is checked for encoding like any file. Throws UnreadableFileError past the size limit. */
  readStdin: () => Promise<Uint8Array>;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** The module to start workers from (the CLI's own entry). */
  entry: URL;
}

const LINT_OPTIONS = `  -f, --format FORMAT     stylish (default), json, sarif, junit, github
  -o, --output-file FILE  Write the report to FILE instead of standard output
      --max-warnings N    Exit 1 when there are more than N warnings
  -q, --quiet             Report errors only
      --rule RULE=LEVEL   Set a rule's severity (off, info, warning, error); repeatable
  -c, --config FILE       Use FILE instead of the nearest platlint.config.yaml
      --stdin-filename P  Name to use for standard input (config lookup and output)
      --no-color          No colours (also when NO_COLOR is set)
      --workers N         Threads to lint on (default: one, and one more for each 30 MB of
                          files, up to the number of cores and at most 8)
      --cache             Remember each file's findings (keyed by its content, its
                          configuration and the platlint version) and reuse them
      --cache-location F  The cache file (default: node_modules/.cache/platlint/ of the
                          nearest directory with node_modules, else ~/.cache/platlint/;
                          a file git tracks is not used)
      --fix               Apply the fixes findings offer, in place (comments and layout kept)
      --crd PATH          CustomResourceDefinitions (files, directories or globs) whose
                          custom resources to check, besides those among the linted files
                          and in the configuration's crds; repeatable
      --openapi DIR       The platform's OpenAPI v3 documents (a directory of the JSON
                          files \`platlint schema pull\` or \`kubectl get --raw
                          /openapi/v3/api/v1\` saves, any names; or one file): its kinds
                          that platlint has no rules for are checked for what the server
                          refuses when it decodes them (types, unknown fields, integer
                          widths, quantities), besides the configuration's openapi; repeatable
      --old PATH          Stored versions of the objects (files or directories, kubectl
                          get -o yaml output too), for update rules such as immutable
                          fields; an object pairs with the stored one of its name, or
                          with the only stored one of its kind (a rename); repeatable
`;

export const USAGE = `Usage: platlint <command> [options]

Commands:
  lint [paths...]     Lint files, directories (their *.yaml and *.yml) and globs; '-' reads stdin
  rules               List every rule with its default severity and description
  explain RULE        Print a rule's documentation
  request METHOD URL  Check an API request URL against the spec's operations and parameters
  mutate --state DIR FILE...  Apply MutatingAdmissionPolicies to objects, offline
  test PATH...        Run admission test cases
  serve --state DIR   Run the admission webhook (HTTPS)
  schema [KIND...]    Write JSON Schemas of the kinds, for other YAML tooling
  schema pull --kubeconfig F  Save a cluster's OpenAPI documents and CustomResourceDefinitions

\`platlint <command> --help\` shows a command's options.

Options of lint:
${LINT_OPTIONS}
Exit status: 0 clean, 1 errors (or too many warnings), 2 usage or fatal error.
`;

const LINT_USAGE = `Usage: platlint lint [options] PATH...

Lints files, directories (every *.yaml and *.yml below them) and globs; '-' reads standard input.

Options:
${LINT_OPTIONS}  -h, --help              Show this help

Exit status: 0 clean, 1 errors (or too many warnings), 2 usage or fatal error.
`;

const RULES_USAGE = `Usage: platlint rules

Lists every rule: its id, default severity, whether the API server enforces it, whether it
offers a fix, and its description.

Options:
  -h, --help  Show this help
`;

const EXPLAIN_USAGE = `Usage: platlint explain RULE

Prints a rule's documentation: what it checks, why, the kinds it applies to and the part of
the platform's documents it follows.

Options:
  -h, --help  Show this help
`;

async function lintCommand(argv: readonly string[], io: Io): Promise<number> {
  const args = parseLintArgs(argv, io.env, io.stdoutIsTTY && !argv.includes('--output-file') && !argv.includes('-o'));
  if (args.paths.length === 0) throw new UsageError('no paths given; try `platlint lint .`');
  const fromStdin = args.paths.includes('-');
  if (fromStdin && args.fix) throw new UsageError('--fix rewrites files in place; it cannot fix standard input');
  const request: EngineRequest = {
    cwd: io.cwd,
    configFile: args.config,
    ruleOverrides: args.rules,
    roots: args.paths.filter((p) => p !== '-'),
  };
  // What the walk of the paths sees of each directory saves looking for kustomizations and charts there on disk.
  const listings = new DirectoryListings();
  let engine = usage(() => engineFor(request, listings));
  const paths = await usage(() =>
    engine.findFiles(
      args.paths.filter((p) => p !== '-'),
      { onSkippedLink: skippedLinkNote(io.stderr) },
    ),
  );
  const oldPaths = args.old.length ? await usage(() => findManifestFiles(args.old, io.cwd)) : [];
  const stdin = fromStdin ? await stdinSource(args.stdinFilename, io) : undefined;
  // Files are read once: the lint takes them as gathering the definitions read them.
  const read = new ReadFiles(new Set(paths));
  const definitions = await usage(() => gatherDefinitions(engine, io.cwd, args, paths, stdin?.(), read));
  if (definitions.length) engine = usage(() => engineFor(((request.definitions = definitions), request), listings));
  const cacheFile = args.cache ? trustedCacheFile(args, io) : undefined;

  const lintOnce = async (): Promise<LintedFile[]> => {
    const results = await lintPaths(engine, request, paths, oldPaths, args, cacheFile, io, read);
    if (stdin) results.push(engine.lintSource(stdin()));
    return results;
  };
  const fixOptions = {
    roots: fixRoots(
      args.paths.filter((p) => p !== '-'),
      io.cwd,
    ),
  };
  let results = args.fix
    ? await lintAndFix(lintOnce, (path, problem) => io.stderr(`platlint: ${path}: ${problem}\n`), fixOptions)
    : await lintOnce();
  if (args.quiet) results = results.map((r) => ({ ...r, diagnostics: r.diagnostics.filter((d) => d.severity === 'error') }));

  const report: Report = { files: results, rules: allRuleMetas, summary: summarize(results) };
  const output = formatters[args.format]!(report, { color: args.color && !args.outputFile });
  if (args.outputFile) writeFileSync(resolve(io.cwd, args.outputFile), output);
  else io.stdout(output);
  const { errors, warnings } = report.summary;
  return errors > 0 || (args.maxWarnings >= 0 && warnings > args.maxWarnings) ? 1 : 0;
}

/**
 * The kinds the run learns: the CustomResourceDefinitions `--crd` and the configuration's
 * `crds:` name, and those among the linted files (and standard input), so that a repository's
 * custom resources are checked against the definitions it keeps beside them; and the kinds of
 * the OpenAPI documents `--openapi` and the configuration's `openapi:` name.
 */
export async function gatherDefinitions(
  engine: LintEngine,
  cwd: string,
  args: Pick<LintArgs, 'crds' | 'openapi'>,
  paths: readonly string[],
  stdin: SourceFile | undefined,
  held?: ReadFiles,
): Promise<DefinitionSource[]> {
  // The configuration of the directory the run starts in (or --config) names the run's definitions.
  const config = engine.configFor(resolve(cwd, CONFIG_FILE));
  const named = [...args.crds, ...config.crds.map((p) => resolve(config.root, p))];
  const extra = named.length ? await findManifestFiles(named, cwd) : [];
  const files = [...new Set([...extra, ...paths])];
  const found = readDefinitions(files, engine.catalog, held);
  if (stdin) found.push(...definitionsInSource(stdin, engine.catalog));
  const openApi = [...args.openapi.map((p) => resolve(cwd, p)), ...config.openapi.map((p) => resolve(config.root, p))];
  found.push(...readOpenApiDocuments([...new Set(openApi)]));
  return found;
}

/** Standard input as a file to lint; input over the limit is one finding, as a file's would be. */
async function stdinSource(name: string, io: Io): Promise<() => SourceFile> {
  try {
    const bytes = await io.readStdin();
    return () => SourceFile.fromBytes(name, bytes);
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    const problem = readProblemOf(error);
    return () => SourceFile.unread(name, problem);
  }
}

/** The engine's complaints about what the command line named are usage errors. */
export function usage<T>(step: () => T): T {
  const rethrow = (error: unknown): never => {
    if (error instanceof UnknownRuleError) throw new UsageError(`${error.message} (see \`platlint rules\`)`);
    if (error instanceof FileNotFoundError) throw new UsageError(error.message);
    if (error instanceof CustomKindConflictError || error instanceof OpenApiDocumentError) throw new UsageError(error.message);
    throw error;
  };
  try {
    const result = step();
    return (result instanceof Promise ? result.catch(rethrow) : result) as T;
  } catch (error) {
    return rethrow(error);
  }
}

/**
 * The file `--cache` reads and writes, or undefined (with a warning) when the run must do
 * without: a cache that git tracks came with the repository, and would let whoever wrote it
 * decide which findings are reported.
 */
function trustedCacheFile(args: LintArgs, io: Io): string | undefined {
  const location =
    args.cacheLocation === undefined ? defaultLintCacheLocation(io.cwd, io.env) : resolve(io.cwd, args.cacheLocation);
  if (location === undefined) {
    io.stderr(
      'platlint: warning: --cache has no place to keep its file (no node_modules here or above, no home directory); linting without it (name one with --cache-location)\n',
    );
    return undefined;
  }
  if (isTrackedByGit(location)) {
    io.stderr(
      `platlint: warning: the cache ${location} is tracked by git; a cache from the repository could hide findings, so it is neither read nor written (keep it out of the repository)\n`,
    );
    return undefined;
  }
  return location;
}

/** One lint of every file: through the cache when there is one, on worker threads for large runs, on this thread otherwise. */
async function lintPaths(
  engine: LintEngine,
  request: EngineRequest,
  paths: readonly string[],
  oldPaths: readonly string[],
  args: LintArgs,
  cacheFile: string | undefined,
  io: Io,
  read: ReadFiles,
): Promise<LintedFile[]> {
  // An update run (--old) keeps every file in view: pairing a renamed object with the only
  // stored object of its kind needs every new object of the run.
  if (oldPaths.length) return engine.lintWithOld(paths, oldPaths);
  if (cacheFile === undefined) return lintUncached(engine, request, paths, args.workers, io, false, [], read);
  // A custom resource's findings depend on its definition: other definitions, another cache.
  // An OpenAPI kind stands in by its document's digest: its converted schema shares types with others, and would be written out whole for each.
  const definitions = request.definitions?.length
    ? `; definitions ${textDigest(JSON.stringify(request.definitions.map((d) => d.digest ?? d.value)))}`
    : '';
  const key = `platlint ${platlintVersion(io)}; rules ${allRuleMetas.map((r) => r.id).join(',')}${definitions}`;
  return lintWithCache(engine, cacheFile, key, paths, (stale, storedIndex) =>
    lintUncached(engine, request, stale, args.workers, io, true, storedIndex, read),
  );
}

/** A run on this thread alone, its young generation capped until the process exits (src/gc-settings.ts). */
function lintOnThisThread(
  engine: LintEngine,
  paths: readonly string[],
  options: Parameters<LintEngine['lintPaths']>[1],
  storedIndex: readonly PortableEntry[],
): IndexedResult[] {
  const cap = new YoungGenerationCap();
  cap.releaseOnExit();
  return engine.lintPaths(cap.each(paths), options, storedIndex);
}

async function lintUncached(
  engine: LintEngine,
  request: EngineRequest,
  paths: readonly string[],
  requested: number | undefined,
  io: Io,
  keepIndex: boolean,
  storedIndex: readonly PortableEntry[],
  read: ReadFiles,
): Promise<IndexedResult[]> {
  const sized = requested === 1 || paths.length < 2 ? undefined : sizeUp(paths, (path) => read.sizeOf(path));
  // `--workers N` is taken as given (a thread per file at most); otherwise the run's size decides.
  const workers = sized ? Math.min(requested ?? defaultWorkers(sized.bytes), paths.length) : 1;
  const showProgress = io.stderrIsTTY && paths.length > 300;
  const progress = (done: number): void => io.stderr(`\rplatlint: ${done}/${paths.length} files`);
  const onProgress = showProgress ? progress : undefined;
  const results =
    sized && workers > 1
      ? await lintInParallel(paths, sized, request, {
          workers,
          entry: io.entry,
          onProgress,
          keepIndex,
          storedIndex,
          engine,
          read,
        })
      : lintOnThisThread(engine, paths, { onProgress, keepIndex, read }, storedIndex);
  // The count reaches the total before the line goes (progress is only told every hundred files).
  if (showProgress) {
    progress(paths.length);
    io.stderr('\r\x1b[K');
  }
  return results;
}

// The version of the npm package `platlint`: the repository root's package.json, three levels
// above the bundle (packages/cli/dist/), in a checkout and in the installed package.
function platlintVersion(io: Io): string {
  return (JSON.parse(readFileSync(new URL('../../../package.json', io.entry), 'utf8')) as { version: string }).version;
}

function rulesCommand(argv: readonly string[], io: Io): number {
  const { positionals } = parseStrict(argv, {});
  if (positionals.length > 0) throw new UsageError(`rules takes no arguments (got "${positionals.join(' ')}")`);
  const width = Math.max(...allRuleMetas.map((r) => r.id.length));
  io.stdout(`${'rule'.padEnd(width)}  ${'default'.padEnd(7)}  ${'by'.padEnd(6)}  fix  description\n`);
  for (const rule of allRuleMetas)
    io.stdout(
      `${rule.id.padEnd(width)}  ${rule.severity.padEnd(7)}  ${rule.enforcedBy.padEnd(6)}  ${rule.fixable ? 'fix ' : '    '} ${rule.description}\n`,
    );
  return 0;
}

function explainCommand(argv: readonly string[], io: Io): number {
  const [id, ...extra] = parseStrict(argv, {}).positionals;
  if (!id) throw new UsageError('explain needs a rule id; see `platlint rules`');
  if (extra.length > 0) throw new UsageError(`explain takes one rule id (got "${extra.join(' ')}" too)`);
  const rule = allRuleMetas.find((r) => r.id === id);
  if (!rule) throw new UsageError(`unknown rule "${id}" (see \`platlint rules\`)`);
  io.stdout(renderRulePage(rule));
  return 0;
}

/** Each command's usage, loaded with the command's module where it lives there. */
const USAGES: Record<string, () => Promise<string>> = {
  lint: () => Promise.resolve(LINT_USAGE),
  rules: () => Promise.resolve(RULES_USAGE),
  explain: () => Promise.resolve(EXPLAIN_USAGE),
  request: async () => (await import('./request/command.js')).REQUEST_USAGE,
  mutate: async () => (await import('./admission-commands.js')).MUTATE_USAGE,
  test: async () => (await import('./admission-commands.js')).TEST_USAGE,
  serve: async () => (await import('./serve-command.js')).SERVE_USAGE,
  schema: async () => (await import('./schema-command.js')).SCHEMA_USAGE,
};

/** `--help` or `-h` among the options (not after `--`, where every word is a path). */
function asksForHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/** Runs a command; returns the exit status. Errors for people, never a stack trace. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  const usage = command !== undefined && Object.hasOwn(USAGES, command) ? USAGES[command] : undefined;
  try {
    if (usage && asksForHelp(rest)) {
      io.stdout(await usage());
      return 0;
    }
    switch (command) {
      case 'lint':
        return await lintCommand(rest, io);
      case 'rules':
        return rulesCommand(rest, io);
      case 'explain':
        return explainCommand(rest, io);
      // The other doors load on demand, so that `lint` starts without them.
      case 'request':
        return (await import('./request/command.js')).requestCommand(rest, io);
      case 'mutate':
        return (await import('./admission-commands.js')).mutateCommand(rest, io);
      case 'test':
        return (await import('./admission-commands.js')).testCommand(rest, io);
      case 'serve':
        return await (await import('./serve-command.js')).serveCommand(rest, io);
      case 'schema':
        return await (await import('./schema-command.js')).schemaCommand(rest, io);
      case '--version':
      case '-v':
        io.stdout(`${platlintVersion(io)}\n`);
        return 0;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`platlint: ${error.message}\n\n${usage ? await usage() : USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      // Every problem of the file at once, each on its own line as file:line:column: reason.
      const heading =
        error.problems.length > 1
          ? `platlint: invalid configuration (${error.problems.length} problems):\n`
          : 'platlint: invalid configuration: ';
      io.stderr(`${heading}${error.message}\n`);
      return 2;
    }
    // A failure no check foresaw is a bug of platlint's: said in a line, with the stack trace for
    // a bug report only when asked for (PLATLINT_DEBUG=1).
    const message = error instanceof Error ? error.message : String(error);
    const stack = io.env.PLATLINT_DEBUG && error instanceof Error && error.stack ? `\n${error.stack}` : '';
    io.stderr(
      `platlint: internal error: ${message}${stack || ' (a bug in platlint: run again with PLATLINT_DEBUG=1 for the details to report)'}\n`,
    );
    return 2;
  }
}
