import { defineRule } from '@platlint/core';
import { compileSites, issueMessage, refusedByServer } from './cel-compile.js';
import { POLICY, spanIn } from './shared.js';

export default defineRule({
  meta: {
    id: 'admission/cel-schema',
    description: 'CEL expressions of a mutating admission policy should fit the schema of the kind the policy matches, and the cost budget.',
    kinds: [POLICY],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document C, MutatingAdmissionPolicy (ApplyConfiguration, CEL variables); upstream (API server MutatingAdmissionPolicy admission, CEL environment, apply configurations)',
    docs: [
      'When the resource rules of a policy name exactly one known kind (or its status subresource),',
      'the expressions are type-checked once more with `object` and `oldObject` typed by that kind\'s',
      'schema (metadata included), `params` by a known paramKind, and `Object{...}` constructions',
      'checked field by field. A field the schema lacks, a value of the wrong type in a construction',
      'or an operator that does not fit the field\'s type is reported at its token.',
      '',
      'The server does not make this check: it compiles with dynamic types and stores the policy (see',
      'admission/cel). Such an expression usually fails when it runs (no such key, or a merge refused',
      'with "field not declared in schema"), and the policy\'s failurePolicy then decides. It is a',
      'warning because a guarded branch (`has(...)`, a condition) may never run it. Expressions that',
      'the server refuses are only reported by admission/cel; other type errors (an operator with no',
      'overload, a misused macro) are reported here even when nothing is typed by a schema.',
      '',
      'An expression whose estimated cost exceeds the per-expression budget (1,000,000) is reported',
      'here too: the server stores it and enforces the budget while it runs, so it is likely, not',
      'certain, to be cut off.',
      '',
      'Fails: `applyConfiguration: {expression: "Object{spec: Object.spec{replicas: \\"two\\"}}"}` (replicas is an int).',
      'Passes: `applyConfiguration: {expression: "Object{spec: Object.spec{replicas: 2}}"}`.',
    ].join('\n'),
  },
  check(context) {
    const refused = new Set(
      compileSites(context, false)
        .filter(({ issues }) => issues.some(refusedByServer))
        .map(({ site }) => site.path.join('.')),
    );
    for (const { site, issues } of compileSites(context, true)) {
      if (refused.has(site.path.join('.'))) continue;
      for (const issue of issues) context.report({ path: site.path, message: issueMessage(issue, site.place), span: spanIn(context, site.path, issue) });
    }
  },
});
