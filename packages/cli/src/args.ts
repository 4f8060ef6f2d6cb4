import type { RuleSetting } from '@platlint/core';
import { parseStrict, UsageError } from './options.js';

const FORMATS = ['stylish', 'json', 'sarif', 'junit', 'github'] as const;
type FormatName = (typeof FORMATS)[number];

export interface LintArgs {
  paths: string[];
  format: FormatName;
  outputFile: string | undefined;
  maxWarnings: number;
  quiet: boolean;
  rules: Record<string, RuleSetting>;
  config: string | undefined;
  color: boolean;
  stdinFilename: string;
  workers: number | undefined;
  /** Apply the findings' fixes to the files in place. */
  fix: boolean;
  /** Paths holding the stored versions of the objects, for update rules. */
  old: string[];
  /** Whether the run keeps a cache (`--cache`). */
  cache: boolean;
  /** Its file (`--cache-location`); undefined for the default place (lint-cache-location.ts). */
  cacheLocation: string | undefined;
  /** Files, directories and globs of CustomResourceDefinitions (`--crd`). */
  crds: string[];
  /** Directories and files of the platform's OpenAPI v3 documents (`--openapi`). */
  openapi: string[];
}

const SETTINGS = new Set(['off', 'info', 'warning', 'error']);

export function parseLintArgs(argv: readonly string[], env: NodeJS.ProcessEnv, isTTY: boolean): LintArgs {
  const parsed = parseStrict(argv, {
    options: {
      format: { type: 'string', short: 'f', default: 'stylish' },
      'output-file': { type: 'string', short: 'o' },
      'max-warnings': { type: 'string' },
      quiet: { type: 'boolean', short: 'q', default: false },
      rule: { type: 'string', multiple: true, default: [] },
      config: { type: 'string', short: 'c' },
      color: { type: 'boolean' },
      'no-color': { type: 'boolean' },
      'stdin-filename': { type: 'string' },
      workers: { type: 'string' },
      fix: { type: 'boolean', default: false },
      old: { type: 'string', multiple: true, default: [] },
      cache: { type: 'boolean', default: false },
      'cache-location': { type: 'string' },
      crd: { type: 'string', multiple: true, default: [] },
      openapi: { type: 'string', multiple: true, default: [] },
    },
  });
  const v = parsed.values;
  const format = v.format as FormatName;
  if (!FORMATS.includes(format)) throw new UsageError(`unknown format "${format}"; use one of ${FORMATS.join(', ')}`);
  const maxWarnings = v['max-warnings'] === undefined ? -1 : Number(v['max-warnings']);
  if (!Number.isInteger(maxWarnings) || maxWarnings < -1)
    throw new UsageError('--max-warnings takes a whole number (-1 for no limit)');
  const rules: Record<string, RuleSetting> = {};
  for (const spec of v.rule ?? []) {
    const [id, setting] = spec.split('=');
    if (!id || !setting || !SETTINGS.has(setting))
      throw new UsageError(`--rule takes RULE=SEVERITY with severity off, info, warning or error (got "${spec}")`);
    rules[id] = setting as RuleSetting;
  }
  if (v['cache-location'] !== undefined && !v.cache) throw new UsageError('--cache-location needs --cache');
  const workers = v.workers === undefined ? undefined : Number(v.workers);
  if (workers !== undefined && (!Number.isInteger(workers) || workers < 1))
    throw new UsageError('--workers takes a positive whole number');
  const noColor = v['no-color'] === true || (env.NO_COLOR !== undefined && env.NO_COLOR !== '');
  return {
    paths: parsed.positionals,
    format,
    outputFile: v['output-file'],
    maxWarnings,
    quiet: v.quiet ?? false,
    rules,
    config: v.config,
    color: noColor ? false : (v.color ?? (isTTY && env.TERM !== 'dumb')),
    stdinFilename: v['stdin-filename'] ?? '<stdin>',
    workers,
    fix: v.fix ?? false,
    old: v.old ?? [],
    cache: v.cache ?? false,
    cacheLocation: v['cache-location'],
    crds: v.crd ?? [],
    openapi: v.openapi ?? [],
  };
}
