import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, IgnoreFilter, renderRulePage, ConfigResolver, formatters, summarize } from '@platlint/core';
import type { Report } from '@platlint/core';
import { parseLintArgs } from './args.js';
import { UsageError, expandPaths } from './files.js';
import { Batch } from './lint-batch.js';
import type { BatchOptions, LintedFile } from './lint-batch.js';
import { writeFixes } from './fix-writer.js';
import { PARALLEL_THRESHOLD, defaultWorkers, lintInParallel } from './parallel.js';
import { allRuleMetas, knownRuleIds } from '@platlint/rules';

export interface Io {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Raw bytes: standard input is checked for encoding like any file. */
  readStdin: () => Promise<Uint8Array>;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** The module to start workers from (the CLI's own entry). */
  entry: URL;
}

export const USAGE = `Usage: platlint <command> [options]

Commands:
  lint [paths...]     Lint files, directories (their *.yaml and *.yml) and globs; '-' reads stdin
  rules               List every rule with its default severity and description
  explain RULE        Print a rule's documentation
  request METHOD URL  Check an API request URL against the spec's operations and parameters
  mutate --state DIR FILE...  Apply MutatingAdmissionPolicies to objects, offline
  test PATH...        Run admission test cases
  serve --state DIR   Run the admission webhook (HTTPS; see \`platlint serve --help\`)
  schema [KIND...]    Write JSON Schemas of the kinds, for other YAML tooling

Options of lint:
  -f, --format FORMAT     stylish (default), json, sarif, junit, github
  -o, --output-file FILE  Write the report to FILE instead of standard output
      --max-warnings N    Exit 1 when there are more than N warnings
  -q, --quiet             Report errors only
      --rule RULE=LEVEL   Set a rule's severity (off, info, warning, error); repeatable
  -c, --config FILE       Use FILE instead of the nearest platlint.config.yaml
      --stdin-filename P  Name to use for standard input (config lookup and output)
      --no-color          No colours (also when NO_COLOR is set)
      --workers N         Threads for large runs (default: the number of cores)
      --fix               Apply the fixes findings offer, in place (comments and layout kept)
      --old PATH          Stored versions of the objects (files or directories, kubectl
                          get -o yaml output too), for update rules such as immutable
                          fields; an object pairs with the stored one of its name, or
                          with the only stored one of its kind (a rename); repeatable

Exit status: 0 clean, 1 errors (or too many warnings), 2 usage or fatal error.
`;

export async function lintCommand(argv: readonly string[], io: Io): Promise<number> {
  const args = parseLintArgs(argv, io.env, io.stdoutIsTTY && !argv.includes('--output-file') && !argv.includes('-o'));
  if (args.paths.length === 0) throw new UsageError('no paths given; try `platlint lint .`');
  for (const id of Object.keys(args.rules)) if (!knownRuleIds.has(id)) throw new UsageError(`unknown rule "${id}" (see \`platlint rules\`)`);
  const fromStdin = args.paths.includes('-');
  if (fromStdin && args.fix) throw new UsageError('--fix rewrites files in place; it cannot fix standard input');
  const onDisk = await expandPaths(args.paths.filter((p) => p !== '-'), io.cwd);
  const oldPaths = args.old.length ? await expandPaths(args.old, io.cwd) : [];
  const options = { cwd: io.cwd, configFile: args.config, ruleOverrides: args.rules, oldPaths };
  const resolver = new ConfigResolver(knownRuleIds, { configFile: args.config, cwd: io.cwd });
  const ignore = new IgnoreFilter(io.cwd);
  const paths = onDisk.filter((p) => !ignore.ignored(p, resolver.forFile(p)));
  const stdin = fromStdin ? { name: args.stdinFilename, bytes: await io.readStdin() } : undefined;

  let results = await lintOnce(paths, options, args.workers, io, stdin);
  // Fixes can uncover or create other findings: re-lint after each pass, as ESLint does.
  for (let pass = 0; args.fix && pass < 10; pass++) {
    let applied = 0;
    for (const result of results) {
      if (!result.diagnostics.some((d) => d.fix)) continue;
      const outcome = writeFixes(result.path, result.diagnostics, result.linted);
      if (outcome.written === false && outcome.problem) io.stderr(`platlint: ${result.path}: ${outcome.problem}\n`);
      applied += outcome.applied;
    }
    if (applied === 0) break;
    results = await lintOnce(paths, options, args.workers, io, undefined);
  }
  if (args.quiet) results = results.map((r) => ({ ...r, diagnostics: r.diagnostics.filter((d) => d.severity === 'error') }));

  const report: Report = { files: results, rules: allRuleMetas, summary: summarize(results) };
  const output = formatters[args.format]!(report, { color: args.color && !args.outputFile });
  if (args.outputFile) writeFileSync(resolve(io.cwd, args.outputFile), output);
  else io.stdout(output);
  const { errors, warnings } = report.summary;
  return errors > 0 || (args.maxWarnings >= 0 && warnings > args.maxWarnings) ? 1 : 0;
}

/** One lint of every file: on worker threads for large runs, on this thread otherwise. */
async function lintOnce(paths: readonly string[], options: BatchOptions, requested: number | undefined, io: Io, stdin?: { name: string; bytes: Uint8Array }): Promise<LintedFile[]> {
  const workers = Math.min(requested ?? defaultWorkers(), Math.max(1, Math.floor(paths.length / 50)));
  const showProgress = io.stderrIsTTY && paths.length > 300;
  const progress = (done: number): void => io.stderr(`\rplatlint: ${done}/${paths.length} files`);
  let results: LintedFile[];
  // An update run (--old) stays on one thread: pairing a renamed object with the only stored
  // object of its kind needs every new object of the run in view.
  if (paths.length >= PARALLEL_THRESHOLD && workers > 1 && options.oldPaths.length === 0) {
    let done = 0;
    results = await lintInParallel(paths, options, workers, io.entry, showProgress ? (n) => progress((done += n)) : undefined);
  } else {
    results = new Batch(paths, options, undefined, showProgress ? progress : undefined).lint();
  }
  if (showProgress) io.stderr('\r\x1b[K');
  if (stdin) results.push(...new Batch([], options, stdin).lint());
  return results;
}

export function rulesCommand(io: Io): number {
  const width = Math.max(...allRuleMetas.map((r) => r.id.length));
  io.stdout(`${'rule'.padEnd(width)}  ${'default'.padEnd(7)}  ${'by'.padEnd(6)}  fix  description\n`);
  for (const rule of allRuleMetas) io.stdout(`${rule.id.padEnd(width)}  ${rule.severity.padEnd(7)}  ${rule.enforcedBy.padEnd(6)}  ${rule.fixable ? 'fix ' : '    '} ${rule.description}\n`);
  return 0;
}

export function explainCommand(argv: readonly string[], io: Io): number {
  const id = argv[0];
  if (!id) throw new UsageError('explain needs a rule id; see `platlint rules`');
  const rule = allRuleMetas.find((r) => r.id === id);
  if (!rule) throw new UsageError(`unknown rule "${id}" (see \`platlint rules\`)`);
  io.stdout(renderRulePage(rule));
  return 0;
}

/** Runs a command; returns the exit status. Errors for people, never a stack trace. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'lint':
        return await lintCommand(rest, io);
      case 'rules':
        return rulesCommand(io);
      case 'explain':
        return explainCommand(rest, io);
      // The other doors load on demand, so that `lint` starts without them.
      case 'request':
        return (await import('./request-command.js')).requestCommand(rest, io);
      case 'mutate':
        return (await import('./admission-commands.js')).mutateCommand(rest, io);
      case 'test':
        return (await import('./admission-commands.js')).testCommand(rest, io);
      case 'serve':
        return await (await import('./serve-command.js')).serveCommand(rest, io);
      case 'schema':
        return (await import('./schema-command.js')).schemaCommand(rest, io);
      case '--version':
      case '-v':
        io.stdout(`${JSON.parse(readFileSync(new URL('../package.json', io.entry), 'utf8')).version as string}\n`);
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
      io.stderr(`platlint: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      // Every problem of the file at once, each on its own line as file:line:column: reason.
      const heading = error.problems.length > 1 ? `platlint: invalid configuration (${error.problems.length} problems):\n` : 'platlint: invalid configuration: ';
      io.stderr(`${heading}${error.message}\n`);
      return 2;
    }
    io.stderr(`platlint: fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 2;
  }
}
