import { defineRule } from '@platlint/core';
import { COMPOSITE_POD_GROUP, POD_GROUP, checkExactlyOne, isJsonObject, spec } from './shared.js';

export default defineRule({
  meta: {
    id: 'scheduling/one-scheduling-policy',
    description: 'A scheduling policy sets exactly one of basic and gang.',
    kinds: [POD_GROUP, COMPOSITE_POD_GROUP],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document B, PodGroup (PodGroupSchedulingPolicy); API document B, CompositePodGroup; upstream (API server validation, PodGroup, CompositePodGroup)',
    docs: [
      '`spec.schedulingPolicy` of a PodGroup or CompositePodGroup is a union: it must set exactly one',
      'of `basic` (standard scheduling) and `gang` (all-or-nothing scheduling with `minCount`, or',
      '`minGroupCount` for a composite group). An empty policy leaves the scheduler without a policy,',
      'and a policy with both is contradictory; the server rejects either.',
      '',
      'Where it is reported: with no member set, at the first member (its own path, placed on the',
      'nearest key that exists); with both set, at the second one written. The server itself reports',
      'the union as a whole.',
      '',
      'Spec: document B, PodGroup ("Scheduling policy of this instance") and CompositePodGroup; the',
      'structure is not shown there, so the union comes from the upstream rules (API server validation, PodGroup, CompositePodGroup).',
      '',
      'Fails:',
      '```yaml',
      'spec:',
      '  schedulingPolicy:',
      '    basic: {}',
      '    gang: {minCount: 4}',
      '```',
      'Passes:',
      '```yaml',
      'spec:',
      '  schedulingPolicy:',
      '    gang: {minCount: 4}',
      '```',
    ].join('\n'),
  },
  check(context) {
    const policy = spec(context.value)?.schedulingPolicy;
    if (!isJsonObject(policy)) return; // missing or not a mapping: structural findings
    checkExactlyOne(context, ['spec', 'schedulingPolicy'], policy, ['basic', 'gang'], 'the scheduling policy');
  },
});
