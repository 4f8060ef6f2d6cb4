import { defineRule } from '@platlint/core';
import type { FieldPath, ReportDescriptor } from '@platlint/core';
import { LABEL_SELECTOR_TYPE, OBJECT_META_TYPE, POD_SPEC_TYPE, valuesOfTypes } from './object-metas.js';
import { isObject } from '../kit/objects.js';
import type { Obj } from '../kit/objects.js';
import { formats } from '../kit/names.js';
import docs from './labels.md';

function* labelProblems(
  labels: unknown,
  at: FieldPath,
  what: 'label' | 'selector label' | 'node selector label',
): Generator<ReportDescriptor> {
  if (!isObject(labels)) return;
  for (const [key, value] of Object.entries(labels)) {
    const keyProblem = formats['label-key'](key);
    if (keyProblem) yield { path: [...at, key], target: 'key', messageId: 'badKey', data: { what, key, keyProblem } };
    if (typeof value !== 'string') continue;
    const valueProblem = formats['label-value'](value);
    if (valueProblem) yield { path: [...at, key], messageId: 'badValue', data: { value, what, key, valueProblem } };
  }
}

/** Expression values of a selector are label values (keys are `schema/format`'s check). */
function* expressionValueProblems(selector: Obj, at: FieldPath): Generator<ReportDescriptor> {
  const terms = selector.matchExpressions;
  if (!Array.isArray(terms)) return;
  for (const [i, term] of terms.entries()) {
    if (!isObject(term) || !Array.isArray(term.values)) continue;
    for (const [j, value] of term.values.entries()) {
      if (typeof value !== 'string') continue;
      const problem = formats['label-value'](value);
      if (problem)
        yield { path: [...at, 'matchExpressions', i, 'values', j], messageId: 'badSelectorValue', data: { value, problem } };
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
      const reports =
        holder.type === OBJECT_META_TYPE
          ? labelProblems(holder.value.labels, [...holder.path, 'labels'], 'label')
          : holder.type === POD_SPEC_TYPE
            ? labelProblems(holder.value.nodeSelector, [...holder.path, 'nodeSelector'], 'node selector label')
            : [
                ...labelProblems(holder.value.matchLabels, [...holder.path, 'matchLabels'], 'selector label'),
                ...expressionValueProblems(holder.value, holder.path),
              ];
      for (const report of reports) context.report(report);
    }
  },
});
