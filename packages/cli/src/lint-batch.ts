import { readFileSync } from 'node:fs';
import { ConfigResolver, SourceFile, lintFiles } from '@platlint/core';
import type { Config, FileResult, RuleSetting } from '@platlint/core';
import { knownRuleIds, rules } from './registry.js';

export interface BatchOptions {
  cwd: string;
  configFile: string | undefined;
  ruleOverrides: Record<string, RuleSetting>;
}

/** Configuration lookup with the command line's `--rule` settings laid over each file's. */
export class EffectiveConfigs {
  private readonly resolver: ConfigResolver;
  private readonly merged = new Map<Config, Config>();

  constructor(private readonly options: BatchOptions) {
    this.resolver = new ConfigResolver(knownRuleIds, { configFile: options.configFile, cwd: options.cwd });
  }

  forPath(path: string): Config {
    const base = this.resolver.forFile(path);
    if (Object.keys(this.options.ruleOverrides).length === 0) return base;
    let config = this.merged.get(base);
    if (!config) {
      config = { ...base, rules: { ...base.rules, ...this.options.ruleOverrides } };
      this.merged.set(base, config);
    }
    return config;
  }
}

/** Reads and lints files on this thread. Unreadable files become findings, not crashes. */
export function lintPaths(paths: readonly string[], options: BatchOptions, stdin?: { name: string; bytes: Uint8Array }): FileResult[] {
  const configs = new EffectiveConfigs(options);
  const sources = paths.map((path) => readSource(path));
  if (stdin) sources.push(SourceFile.fromBytes(stdin.name, stdin.bytes));
  return lintFiles({ files: sources, rules, configFor: (file) => configs.forPath(file.path) });
}

function readSource(path: string): SourceFile {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'EISDIR' ? 'is a directory' : (error as Error).message;
    return SourceFile.fromText(path, '', { unreadable: `cannot read file: ${reason}` });
  }
  return SourceFile.fromBytes(path, bytes);
}
