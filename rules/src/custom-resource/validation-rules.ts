import { customVersionOf, defaultedValue, defineRule, validateCustomResource } from '@platlint/core';
import type { RuleContext } from '@platlint/core';
import { evaluateValidationRules, hasRules } from './evaluate-rules.js';
import docs from './validation-rules.md';

export default defineRule({
  meta: {
    id: 'custom-resource/validation-rules',
    description: "A custom resource satisfies the CEL validation rules (x-kubernetes-validations) of its definition's schema.",
    kinds: '*',
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (apiextensions-apiserver pkg/apiserver/schema/cel validation.go; pkg/registry/customresource strategy.go)',
    docs,
    // What a failing rule says is the definition's own message (or messageExpression), or why the
    // rule could not be evaluated: evaluateValidationRules words it, and it is the data.
    messages: { ruleFailed: '{{message}}' },
  },
  check(context: RuleContext) {
    const version = customVersionOf(context.schema);
    if (!version || !hasRules(version.schema)) return;
    // An object the schema refuses is not evaluated (upstream strategy.go hasBlockingErr).
    const { findings, stored } = validateCustomResource(version, context.value);
    if (
      findings.some(
        (f) =>
          f.ruleId === 'schema/type' ||
          f.ruleId === 'schema/required' ||
          f.ruleId === 'schema/enum' ||
          f.ruleId === 'schema/length',
      )
    )
      return;
    const oldStored = context.old ? defaultedValue(version.schema, context.old.value) : undefined;
    const failures = evaluateValidationRules(version.schema, stored, { old: oldStored, ratchet: true, resourceRoot: true });
    for (const { path, message } of failures) context.report({ path, messageId: 'ruleFailed', data: { message } });
  },
});
