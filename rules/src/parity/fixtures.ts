import { SourceFile, collectObjects, defaultConfig, lintSources } from '@platlint/core';
import type { ApiServerConfigName, Diagnostic } from '@platlint/core';
import { rules } from '../all.js';

/**
 * One case of an upstream-parity table (`<area>/upstream-parity.test.ts`): a manifest written
 * after a case of the upstream validation tests, and the errors the server gives it. Kept out of
 * the rules; only tests import it.
 */
export interface ParityCase {
  /** The upstream test and case the manifest restates. */
  upstream: string;
  yaml: string;
  /** The stored object, for an update. */
  old?: string;
  featureGates?: Record<string, boolean>;
  /** Every error expected, as `ruleId @ path`; none when the server accepts the object. */
  errors?: string[];
}

/** What a parity table compares: the error findings of a lint, by rule and path. */
export interface ErrorFinding {
  ruleId: string;
  path: string;
}

/**
 * The error findings of a whole lint of one file (structural checks and every rule), in the
 * order they are reported. Warnings and information are left out, since the server accepts
 * what they flag. `old` is the stored object, for an update; `declaredAs`, the API server
 * configuration the configuration declares the file as (`apiServerConfigs`).
 */
export function errorFindings(text: string, options: FindingOptions = {}): ErrorFinding[] {
  return allFindings(text, options)
    .filter((d) => d.severity === 'error')
    .map((d) => ({ ruleId: d.ruleId, path: d.path }));
}

interface FindingOptions {
  old?: string | undefined;
  featureGates?: Record<string, boolean> | undefined;
  declaredAs?: ApiServerConfigName | undefined;
}

/** Every finding of a whole lint of one file, warnings too (for cases about what is only advice). */
export function allFindings(text: string, options: FindingOptions = {}): Diagnostic[] {
  const config = defaultConfig(process.cwd());
  config.featureGates = { ...config.featureGates, ...options.featureGates };
  if (options.declaredAs) config.apiServerConfigs = { [options.declaredAs]: ['parity.yaml'] };
  const oldObjects = options.old === undefined ? undefined : collectObjects(SourceFile.fromText('old.yaml', options.old));
  const [result] = lintSources({ files: [SourceFile.fromText('parity.yaml', text)], rules, configFor: () => config, oldObjects });
  return result?.diagnostics ?? [];
}

/** The errors of a parity case as `ruleId @ path`, sorted: what the case compares with its expected list. */
export function parityErrors(c: ParityCase): string[] {
  return errorFindings(c.yaml, c)
    .map((d) => `${d.ruleId} @ ${d.path}`)
    .sort();
}
