import { defineRule } from '@platlint/core';
import type { ReportDescriptor } from '@platlint/core';
import { ancestry } from './hierarchy.js';
import { COMPOSITE_POD_GROUP, POD_GROUP, spec } from './shared.js';
import { isObject, isSet, nameOf } from '../kit/objects.js';
import type { Obj } from '../kit/objects.js';
import docs from './parent-consistency.md';

/** The member of a `{basic: {}}`/`{gang: ...}` or `{single: {}}`/`{all: {}}` union that is set. */
function member(union: unknown, names: readonly string[]): string | undefined {
  return isObject(union) ? names.find((name) => isSet(union[name])) : undefined;
}

/** A scalar of the spec worth comparing with the parent's: set on both sides. */
function scalar(value: Obj, field: string): string | number | undefined {
  const v = spec(value)?.[field];
  return typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? v : undefined;
}

export default defineRule({
  meta: {
    id: 'scheduling/parent-consistency',
    description:
      'A group agrees with its parent: no basic child under a gang parent, no Single child under an All parent, the same priority.',
    kinds: [POD_GROUP, COMPOSITE_POD_GROUP],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'upstream (KEP of CompositePodGroup: runtime validation of group hierarchies)',
    crossDocument: [COMPOSITE_POD_GROUP],
    docs,
    messages: {
      basicUnderGang:
        'this group is scheduled "basic" under the gang parent "{{parentName}}"; a child of a gang group should be a gang too, or the hierarchy is invalid',
      singleUnderAll:
        'this group may be disrupted alone (disruptionMode single{{defaultNote}}) under the parent "{{parentName}}" whose children are disrupted together (all); set disruptionMode: {all: {}}',
      otherPriority:
        '{{field}} {{mine}} differs from {{parents}} of the parent "{{parentName}}"; all groups of a hierarchy share one priority',
    },
  },
  check(context) {
    const parent = ancestry(context).ancestors[0];
    const own = spec(context.value);
    const theirs = parent ? spec(parent.value) : undefined;
    if (!parent || !own || !theirs) return;
    const parentName = nameOf(parent.value) ?? '';
    const findings: ReportDescriptor[] = [];
    if (
      member(theirs.schedulingPolicy, ['basic', 'gang']) === 'gang' &&
      member(own.schedulingPolicy, ['basic', 'gang']) === 'basic'
    ) {
      findings.push({
        path: ['spec', 'schedulingPolicy', 'basic'],
        target: 'key',
        messageId: 'basicUnderGang',
        data: { parentName },
      });
    }
    // An omitted disruption mode is `single`, the default of both kinds.
    if (
      member(theirs.disruptionMode, ['single', 'all']) === 'all' &&
      (member(own.disruptionMode, ['single', 'all']) ?? 'single') === 'single'
    ) {
      findings.push({
        path: ['spec', 'disruptionMode'],
        target: 'key',
        messageId: 'singleUnderAll',
        data: { defaultNote: isSet(own.disruptionMode) ? '' : ', the default', parentName },
      });
    }
    for (const field of ['priorityClassName', 'priority', 'preemptionPolicy']) {
      const mine = scalar(context.value, field);
      const parents = scalar(parent.value, field);
      if (mine === undefined || parents === undefined || mine === parents) continue;
      findings.push({
        path: ['spec', field],
        messageId: 'otherPriority',
        data: { field, mine: JSON.stringify(mine), parents: JSON.stringify(parents), parentName },
      });
    }
    for (const finding of findings) context.report(finding);
  },
});
