import { SourceFile, collectObjects, defaultConfig, lintFiles } from '@platlint/core';
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

/**
 * The errors of a whole lint (structural checks and every rule), as `ruleId @ path`, sorted:
 * what a parity case compares with its expected list. Warnings and information are left out,
 * since the server accepts what they flag.
 */
export function parityErrors(c: ParityCase): string[] {
  const config = defaultConfig(process.cwd());
  config.featureGates = { ...config.featureGates, ...c.featureGates };
  const oldObjects = c.old === undefined ? undefined : collectObjects(SourceFile.fromText('old.yaml', c.old));
  const [result] = lintFiles({ files: [SourceFile.fromText('parity.yaml', c.yaml)], rules, configFor: () => config, oldObjects });
  return (result?.diagnostics ?? [])
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.ruleId} @ ${d.path}`)
    .sort();
}
