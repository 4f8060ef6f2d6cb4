import { defineRule } from '@platlint/core';
import { CHANGE_MESSAGES, COMPOSITE_POD_GROUP, reportChanges, spec } from './shared.js';
import docs from './composite-spec-immutable.md';

const WHY = 'the spec of a CompositePodGroup cannot change after creation';

export default defineRule({
  meta: {
    id: 'scheduling/composite-spec-immutable',
    description: 'No field of a CompositePodGroup spec may change on update.',
    kinds: [COMPOSITE_POD_GROUP],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document B, CompositePodGroup (CompositePodGroupSpec: "Every field of this spec is immutable")',
    docs,
    messages: CHANGE_MESSAGES,
  },
  check(context) {
    const stored = context.old ? spec(context.old.value) : undefined;
    const current = spec(context.value);
    if (!stored || !current) return;
    const fields = new Set([...Object.keys(stored), ...Object.keys(current)]);
    for (const field of fields) reportChanges(context, context.schema, field, stored, current, WHY);
  },
});
