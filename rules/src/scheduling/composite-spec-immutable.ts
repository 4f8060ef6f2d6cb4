import { defineRule } from '@platlint/core';
import { COMPOSITE_POD_GROUP, reportChanges, spec } from './shared.js';

const WHY = 'the spec of a CompositePodGroup cannot change after creation';

export default defineRule({
  meta: {
    id: 'scheduling/composite-spec-immutable',
    description: 'No field of a CompositePodGroup spec may change on update.',
    kinds: [COMPOSITE_POD_GROUP],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document B, CompositePodGroup (CompositePodGroupSpec: "Every field of this spec is immutable")',
    docs: [
      'An update rule: it runs when `platlint lint --old PATH` gives the stored object of the same',
      'namespace and name. Every field of a CompositePodGroup spec is immutable, so each difference',
      'between the stored spec and the new one is reported at the field that differs, naming the',
      'old and new value. Both sides are compared after defaulting (leaving out `disruptionMode` is',
      'the same as `single: {}`). `priority` and `preemptionPolicy` left out of the new manifest are',
      'not reported: the Priority admission controller fills them in from the priority class, so a',
      'stored object carries them although no manifest set them.',
      '',
      'Spec: document B, CompositePodGroupSpec. Upstream (API server validation, CompositePodGroup) lists the immutable',
      'fields one by one (workloadRef, parentCompositePodGroupName, schedulingPolicy, priorityClassName,',
      'priority, schedulingConstraints) and marks disruptionMode and preemptionPolicy immutable in the',
      'types; the spec states it for the whole spec, and this rule follows the spec.',
      '',
      'Fails (stored `minGroupCount: 2`):',
      '```yaml',
      'spec:',
      '  schedulingPolicy:',
      '    gang: {minGroupCount: 3}',
      '```',
      'Passes: the same spec as the stored object, with any change of metadata or status.',
    ].join('\n'),
  },
  check(context) {
    const stored = context.old ? spec(context.old.value) : undefined;
    const current = spec(context.value);
    if (!stored || !current) return;
    const fields = new Set([...Object.keys(stored), ...Object.keys(current)]);
    for (const field of fields) reportChanges(context, context.schema, field, stored, current, WHY);
  },
});
