import { defineRule, isJsonObject } from '@platlint/core';
import type { FieldPath, MessageRef, ReportDescriptor, RuleContext } from '@platlint/core';
import { forEachObject, type Obj } from '../kit/objects.js';
import { POD_SPEC, podSpec } from '../kit/paths.js';
import docs from './node-affinity.md';

export default defineRule({
  meta: {
    id: 'deployment/node-affinity',
    description: 'Node affinity of the pod template has terms, and each requirement carries the values its operator needs.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (node affinity)',
    docs,
    messages: {
      noTerms: 'required node affinity needs at least one entry in nodeSelectorTerms',
      needsValues: 'operator {{operator}} needs at least one value',
      takesNoValues: 'operator {{operator}} takes no values; remove values',
      needsOneNumber: 'operator {{operator}} takes exactly one value, a number, not {{count}}',
      fieldNotName: 'matchFields can only select on metadata.name, not "{{key}}"',
      fieldOperator: 'matchFields takes operator In or NotIn, not {{operator}}',
      fieldNeedsOneName: 'matchFields with {{operator}} takes exactly one node name in values',
    },
  },
  check(context) {
    const affinity = podSpec(context.value)?.affinity;
    if (!isJsonObject(affinity) || !isJsonObject(affinity.nodeAffinity)) return;
    const base: FieldPath = [...POD_SPEC, 'affinity', 'nodeAffinity'];
    const required = affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution;
    if (isJsonObject(required)) {
      const at = [...base, 'requiredDuringSchedulingIgnoredDuringExecution'];
      const terms = required.nodeSelectorTerms;
      if (terms === undefined || terms === null || (Array.isArray(terms) && terms.length === 0)) {
        context.report({
          path: [...at, 'nodeSelectorTerms'],
          target: terms === undefined ? 'key' : 'value',
          messageId: 'noTerms',
        });
      }
      forEachObject(terms, (term, i) => checkTerm(context, term, [...at, 'nodeSelectorTerms', i]));
    }
    forEachObject(affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution, (preferred, i) => {
      if (isJsonObject(preferred.preference))
        checkTerm(context, preferred.preference, [...base, 'preferredDuringSchedulingIgnoredDuringExecution', i, 'preference']);
    });
  },
});

function checkTerm(context: RuleContext, term: Obj, at: FieldPath): void {
  forEachObject(term.matchExpressions, (requirement, j) => {
    const finding = valuesFinding(requirement);
    if (finding) context.report({ path: [...at, 'matchExpressions', j, 'values'], ...finding });
  });
  forEachObject(term.matchFields, (requirement, j) => {
    const path = [...at, 'matchFields', j];
    // Nodes can only be selected by field on their name.
    if (typeof requirement.key === 'string' && requirement.key !== 'metadata.name') {
      context.report({ path: [...path, 'key'], messageId: 'fieldNotName', data: { key: requirement.key } });
    }
    if (requirement.operator !== 'In' && requirement.operator !== 'NotIn') {
      if (typeof requirement.operator === 'string')
        context.report({ path: [...path, 'operator'], messageId: 'fieldOperator', data: { operator: requirement.operator } });
    } else if (!Array.isArray(requirement.values) || requirement.values.length !== 1) {
      context.report({
        path: [...path, 'values'],
        target: requirement.values === undefined ? 'key' : 'value',
        messageId: 'fieldNeedsOneName',
        data: { operator: requirement.operator },
      });
    }
  });
}

/** What the server refuses in the values of a node selector requirement, or undefined. */
function valuesFinding(requirement: Obj): (MessageRef & Pick<ReportDescriptor, 'target'>) | undefined {
  const { operator, values } = requirement;
  const count = Array.isArray(values) ? values.length : 0;
  const target = values === undefined ? 'key' : 'value';
  switch (operator) {
    case 'In':
    case 'NotIn':
      return count === 0 ? { target, messageId: 'needsValues', data: { operator } } : undefined;
    case 'Exists':
    case 'DoesNotExist':
      return count > 0 ? { messageId: 'takesNoValues', data: { operator } } : undefined;
    case 'Gt':
    case 'Lt':
      return count !== 1 ? { target, messageId: 'needsOneNumber', data: { operator, count } } : undefined;
  }
  return undefined;
}
