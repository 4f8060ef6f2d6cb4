// Test support shared by the rule areas' tests (not built: tsconfig excludes fixtures.ts).
import { SourceFile, defaultConfig, lintSources } from '@platlint/core';
import { rules } from './index.js';

/** An error a lint reports, as the "covered" tests compare it. */
export interface Finding {
  ruleId: string;
  path: string;
  message: string;
}

/** The errors a lint with every rule and the default configuration reports on one YAML text. */
export function errorsOf(yaml: string): Finding[] {
  const [result] = lintSources({
    files: [SourceFile.fromText('covered.yaml', yaml)],
    rules,
    configFor: () => defaultConfig(process.cwd()),
  });
  return (result?.diagnostics ?? [])
    .filter((d) => d.severity === 'error')
    .map(({ ruleId, path, message }) => ({ ruleId, path, message }));
}
