import { defineRule, platlintInfo, schemaAt } from '@platlint/core';
import type { RuleContext } from '@platlint/core';
import { CHANGE_MESSAGES, POD_GROUP, reportChanges, spec } from './shared.js';
import { isObject, isSet } from '../kit/objects.js';
import type { Obj } from '../kit/objects.js';
import docs from './podgroup-immutable.md';

const WHY = 'this field of a PodGroup cannot change after creation';

export default defineRule({
  meta: {
    id: 'scheduling/podgroup-immutable',
    description: 'The immutable fields of a PodGroup stay as they were created; gang scheduling is neither added nor removed.',
    kinds: [POD_GROUP],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document B, PodGroup (PodGroupSpec, column Mutable); upstream (API server validation, PodGroup)',
    docs,
    messages: {
      ...CHANGE_MESSAGES,
      policyMemberAdded: 'spec.schedulingPolicy.{{member}} was added; {{what}} cannot be added to an existing PodGroup',
      policyMemberRemoved: 'spec.schedulingPolicy.{{member}} was removed; {{what}} cannot be removed from an existing PodGroup',
      policySwitched:
        'the scheduling policy changed from "{{was}}" to "{{is}}"; a PodGroup cannot switch between basic and gang scheduling after creation',
    },
  },
  check(context) {
    const stored = context.old ? spec(context.old.value) : undefined;
    const current = spec(context.value);
    if (!stored || !current) return;
    const fields = new Set([...Object.keys(stored), ...Object.keys(current)]);
    for (const field of fields) {
      // Which fields are immutable is a fact of the schema tree (the spec's Mutable column).
      const node = schemaAt(context.schema, ['spec', field]);
      if (node && platlintInfo(node).immutable) reportChanges(context, context.schema, field, stored, current, WHY);
    }
    checkPolicy(context, stored.schedulingPolicy, current.schedulingPolicy);
  },
});

/** basic and gang keep their presence; what is inside gang (minCount) may change. */
function checkPolicy(context: RuleContext, before: unknown, after: unknown): void {
  if (!isObject(before) || !isObject(after)) return;
  const mode = (policy: Obj): string | undefined => {
    const basic = isSet(policy.basic);
    const gang = isSet(policy.gang);
    return basic === gang ? undefined : basic ? 'basic' : 'gang';
  };
  const was = mode(before);
  const is = mode(after);
  if (was && is) {
    if (was !== is) context.report({ path: ['spec', 'schedulingPolicy'], messageId: 'policySwitched', data: { was, is } });
    return;
  }
  // Neither or both on one side: name each member whose presence changed.
  for (const member of ['basic', 'gang'] as const) {
    const had = isSet(before[member]);
    const has = isSet(after[member]);
    if (had === has) continue;
    const what = member === 'gang' ? 'gang scheduling' : 'basic scheduling';
    context.report({
      path: ['spec', 'schedulingPolicy', member],
      target: 'key',
      messageId: has ? 'policyMemberAdded' : 'policyMemberRemoved',
      data: { member, what },
    });
  }
}
