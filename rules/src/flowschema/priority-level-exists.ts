import { defineRule } from '@platlint/core';
import type { ObjectLookup } from '@platlint/core';
import { FS_KIND, PLC_KIND } from './shape.js';
import { objAt } from '../kit/objects.js';
import docs from './priority-level-exists.md';

/** The server always creates these two levels itself. */
const BUILT_IN = new Set(['exempt', 'catch-all']);

/** Up to this many levels are named in a finding. */
const MAX_LISTED = 5;

export default defineRule({
  meta: {
    id: 'flowschema/priority-level-exists',
    description: 'A FlowSchema points at a PriorityLevelConfiguration that the linted set defines.',
    kinds: [FS_KIND],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document B, FlowSchema (FlowSchemaSpec.priorityLevelConfiguration)',
    crossDocument: [PLC_KIND],
    docs,
    messages: {
      missingLevel:
        'no PriorityLevelConfiguration "{{name}}" is among the linted files (they define {{defined}}); the server ignores a FlowSchema whose priority level does not exist',
    },
  },
  check(context) {
    const name = objAt(objAt(context.value, 'spec'), 'priorityLevelConfiguration')?.name;
    if (typeof name !== 'string' || name === '' || BUILT_IN.has(name)) return;
    if (context.index.named(PLC_KIND, name).length > 0) return;
    const count = context.index.count(PLC_KIND);
    if (count === 0) return;
    context.report({
      path: ['spec', 'priorityLevelConfiguration', 'name'],
      messageId: 'missingLevel',
      data: { name, defined: definedLevels(context.index, count) },
    });
  },
});

/**
 * The levels the run defines, by name when there are few. Listing many for each FlowSchema
 * that misses would make a run quadratic; a long list would not help the reader either.
 */
function definedLevels(index: ObjectLookup, count: number): string {
  if (count > MAX_LISTED) return `${count} levels`;
  const names = new Set(
    index
      .ofKind(PLC_KIND)
      .map((o) => objAt(o.value, 'metadata')?.name)
      .filter((n): n is string => typeof n === 'string'),
  );
  return names.size
    ? [...names]
        .sort()
        .map((n) => `"${n}"`)
        .join(', ')
    : `${count} levels`;
}
