import { defineRule } from '@platlint/core';
import { FS_KIND, PLC_KIND, objAt } from './shape.js';

/** The server always creates these two levels itself. */
const BUILT_IN = new Set(['exempt', 'catch-all']);

export default defineRule({
  meta: {
    id: 'flowschema/priority-level-exists',
    description: 'A FlowSchema points at a PriorityLevelConfiguration that the linted set defines.',
    kinds: [FS_KIND],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document B, FlowSchema (FlowSchemaSpec.priorityLevelConfiguration)',
    crossDocument: [PLC_KIND],
    docs: [
      'A FlowSchema whose priority level cannot be resolved is ignored by the server and marked',
      'invalid in its status, so its requests fall through to later schemas. When the linted files',
      'define PriorityLevelConfigurations, a FlowSchema naming one that is not among them is reported.',
      'When they define none, the levels are assumed to live elsewhere and nothing is reported. The',
      'built-in levels `exempt` and `catch-all` always exist.',
      '',
      'Spec: document B, FlowSchema, FlowSchemaSpec (`priorityLevelConfiguration`).',
      '',
      'Reported: a FlowSchema naming `workload-hgih` linted with a PriorityLevelConfiguration `workload-high`.',
      'Not reported: the same FlowSchema naming `workload-high`.',
    ].join('\n'),
  },
  check(context) {
    const name = objAt(objAt(context.value, 'spec'), 'priorityLevelConfiguration')?.name;
    if (typeof name !== 'string' || name === '' || BUILT_IN.has(name)) return;
    const levels = context.objects.filter((o) => o.kind.groupKind === PLC_KIND).map((o) => objAt(o.value, 'metadata')?.name);
    if (levels.length === 0 || levels.includes(name)) return;
    const known = [...new Set(levels.filter((n): n is string => typeof n === 'string'))].sort();
    const listed = known.slice(0, 5).map((n) => `"${n}"`).join(', ') + (known.length > 5 ? ` and ${known.length - 5} more` : '');
    context.report({
      path: ['spec', 'priorityLevelConfiguration', 'name'],
      message: `no PriorityLevelConfiguration "${name}" is among the linted files (they define ${listed}); the server ignores a FlowSchema whose priority level does not exist`,
    });
  },
});
