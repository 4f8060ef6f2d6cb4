import { defineRule } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import { LABEL_SELECTOR_TYPE, OBJECT_META_TYPE, POD_SPEC_TYPE, valuesOfTypes } from './object-metas.js';
import { isObject } from '../kit/objects.js';
import type { Obj } from '../kit/objects.js';
import { formats } from '../kit/names.js';
import docs from './labels.md';

// The checks below run on every object of a run: they read a label set with for...in (lint
// values are plain objects, so it lists their own keys, in Object.entries' order) and make a
// path only for a finding, not an entry pair and a path per label.

/** Reports the bad keys and values of the label set `holder[field]`, found at `at`. */
function checkLabels(
  context: RuleContext,
  holder: Obj,
  at: FieldPath,
  field: string,
  what: 'label' | 'selector label' | 'node selector label',
): void {
  const labels = holder[field];
  if (!isObject(labels)) return;
  for (const key in labels) {
    const keyProblem = formats['label-key'](key);
    if (keyProblem)
      context.report({ path: [...at, field, key], target: 'key', messageId: 'badKey', data: { what, key, keyProblem } });
    const value = labels[key];
    if (typeof value !== 'string') continue;
    const valueProblem = formats['label-value'](value);
    if (valueProblem)
      context.report({ path: [...at, field, key], messageId: 'badValue', data: { value, what, key, valueProblem } });
  }
}

/** Expression values of a selector are label values (keys are `schema/format`'s check). */
function checkExpressionValues(context: RuleContext, selector: Obj, at: FieldPath): void {
  const terms = selector.matchExpressions;
  if (!Array.isArray(terms)) return;
  for (let i = 0; i < terms.length; i++) {
    const term: unknown = terms[i];
    if (!isObject(term) || !Array.isArray(term.values)) continue;
    for (let j = 0; j < term.values.length; j++) {
      const value: unknown = term.values[j];
      if (typeof value !== 'string') continue;
      const problem = formats['label-value'](value);
      if (problem)
        context.report({
          path: [...at, 'matchExpressions', i, 'values', j],
          messageId: 'badSelectorValue',
          data: { value, problem },
        });
    }
  }
}

export default defineRule({
  meta: {
    id: 'metadata/labels',
    description:
      'Label keys are qualified names and label values valid label values, in metadata, pod templates and label selectors.',
    kinds: '*',
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Shared types (ObjectMeta); upstream (API server validation, metadata of every object)',
    docs,
    messages: {
      badKey: '{{what}} key "{{key}}" {{keyProblem}}',
      badValue: 'value "{{value}}" of {{what}} "{{key}}" {{valueProblem}}',
      badSelectorValue: 'selector value "{{value}}" {{problem}}',
    },
  },
  check(context) {
    for (const holder of valuesOfTypes(context.value, context.schema, [OBJECT_META_TYPE, LABEL_SELECTOR_TYPE, POD_SPEC_TYPE])) {
      if (holder.type === OBJECT_META_TYPE) checkLabels(context, holder.value, holder.path, 'labels', 'label');
      else if (holder.type === POD_SPEC_TYPE)
        checkLabels(context, holder.value, holder.path, 'nodeSelector', 'node selector label');
      else {
        checkLabels(context, holder.value, holder.path, 'matchLabels', 'selector label');
        checkExpressionValues(context, holder.value, holder.path);
      }
    }
  },
});
