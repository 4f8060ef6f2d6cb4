import type { RuleContext } from '@platlint/core';
import type { SchemaProblem } from './schema-problems.js';
import { versionSchemas } from './version-schemas.js';

/** Reports the schema problems of every version that belong to one rule. */
export function reportSchemaProblems(context: RuleContext, rule: SchemaProblem['rule']): void {
  for (const { problems } of versionSchemas(context.value)) {
    for (const problem of problems) {
      if (problem.rule !== rule) continue;
      if (problem.missing) context.reportMissing(problem.path, problem.message);
      else context.report({ path: problem.path, target: 'key', message: problem.message });
    }
  }
}
