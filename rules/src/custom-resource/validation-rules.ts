import { customVersionOf, defaultedValue, defineRule, validateCustomResource } from '@platlint/core';
import type { RuleContext } from '@platlint/core';
import { evaluateValidationRules, hasRules } from './evaluate-rules.js';

export default defineRule({
  meta: {
    id: 'custom-resource/validation-rules',
    description: "A custom resource satisfies the CEL validation rules (x-kubernetes-validations) of its definition's schema.",
    kinds: '*',
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (apiextensions-apiserver pkg/apiserver/schema/cel validation.go; pkg/registry/customresource strategy.go)',
    docs: [
      'A CustomResourceDefinition may attach CEL rules to any place of its schema',
      '(`x-kubernetes-validations`). On every write the server evaluates each rule with `self` bound to',
      'the value there, after defaulting, and refuses the object when one evaluates to false. The finding',
      "says the rule's `message` (or the result of its `messageExpression`, or the rule itself), and sits",
      'at its `fieldPath` when it has one.',
      '',
      'Transition rules, which read `oldSelf`, run only on an update of a value that existed before: lint',
      'with `--old` and the stored objects to check them. A rule with `optionalOldSelf: true` runs on a',
      'create too: its `oldSelf` is an optional, `optional.none()` where no old value exists, so it reads',
      '`!oldSelf.hasValue() || self >= oldSelf.value()`. On an update, a value that did not change is not',
      'refused again even if it now fails a rule that does not read `oldSelf` (ratcheting, on by default',
      'since release 1.33); a transition rule is always applied.',
      '',
      'The rules run only on an object that passes its schema: a wrong type, a missing required field or',
      'a value outside an enum is reported by the `schema/*` checks instead (the server does the same).',
      'A rule that does not compile is refused with its definition, and is skipped here. One evaluation',
      'may spend a cost of 1,000,000 and all of an object\'s evaluations 10,000,000; a rule that runs',
      'out is an error, as on the server.',
      '',
      'Fails (with a definition whose `spec` has the rule `self.minReplicas <= self.replicas`):',
      '',
      '```yaml',
      'apiVersion: example.com/v1',
      'kind: Widget',
      'metadata: {name: w}',
      'spec: {replicas: 1, minReplicas: 3}',
      '```',
    ].join('\n'),
  },
  check(context: RuleContext) {
    const version = customVersionOf(context.schema);
    if (!version || !hasRules(version.schema)) return;
    // An object the schema refuses is not evaluated (upstream strategy.go hasBlockingErr).
    const { findings, stored } = validateCustomResource(version, context.value);
    if (findings.some((f) => f.ruleId === 'schema/type' || f.ruleId === 'schema/required' || f.ruleId === 'schema/enum' || f.ruleId === 'schema/length')) return;
    const oldStored = context.old ? defaultedValue(version.schema, context.old.value) : undefined;
    const failures = evaluateValidationRules(version.schema, stored, { old: oldStored, ratchet: true, resourceRoot: true });
    for (const failure of failures) context.report(failure);
  },
});
