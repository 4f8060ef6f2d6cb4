import { defineRule, isJsonObject } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import { type Obj, objectsIn } from '../kit/objects.js';
import { POD_SPEC, podSpec } from '../kit/paths.js';
import { selectorTerms } from '../kit/selectors.js';
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
      for (const [term, i] of objectsIn(terms)) checkTerm(context, term, [...at, 'nodeSelectorTerms', i]);
    }
    for (const [preferred, i] of objectsIn(affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution)) {
      if (isJsonObject(preferred.preference))
        checkTerm(context, preferred.preference, [...base, 'preferredDuringSchedulingIgnoredDuringExecution', i, 'preference']);
    }
  },
});

function checkTerm(context: RuleContext, term: Obj, at: FieldPath): void {
  for (const [requirement, j] of selectorTerms(term)) {
    const path = [...at, 'matchExpressions', j, 'values'];
    const count = Array.isArray(requirement.values) ? requirement.values.length : 0;
    const target = requirement.values === undefined ? 'key' : 'value';
    switch (requirement.operator) {
      case 'In':
      case 'NotIn':
        if (count === 0) context.report({ path, target, messageId: 'needsValues', data: { operator: requirement.operator } });
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (count > 0) context.report({ path, messageId: 'takesNoValues', data: { operator: requirement.operator } });
        break;
      case 'Gt':
      case 'Lt':
        if (count !== 1)
          context.report({ path, target, messageId: 'needsOneNumber', data: { operator: requirement.operator, count } });
        break;
    }
  }
  for (const [requirement, j] of objectsIn(term.matchFields)) {
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
  }
}
