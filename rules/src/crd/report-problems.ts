import type { RuleContext } from '@platlint/core';
import type { SchemaProblem } from './schema-problems.js';
import { versionSchemas } from './version-schemas.js';

/**
 * The message of reportSchemaProblems, for the meta.messages of each rule that calls it: the
 * problems of a schema are worded where they are found (schema-problems.ts), so the text is the data.
 */
export const SCHEMA_PROBLEM_MESSAGES = { schemaProblem: '{{problem}}' } as const;

/** Reports the schema problems of every version that belong to one rule. */
export function reportSchemaProblems(context: RuleContext, rule: SchemaProblem['rule']): void {
  for (const { problems } of versionSchemas(context.value)) {
    for (const problem of problems) {
      if (problem.rule !== rule) continue;
      if (problem.missing)
        context.reportMissing(problem.path, { messageId: 'schemaProblem', data: { problem: problem.message } });
      else context.report({ path: problem.path, target: 'key', messageId: 'schemaProblem', data: { problem: problem.message } });
    }
  }
}
