import { defineRule } from '@platlint/core';
import { PLC_KIND } from './shape.js';
import { nameOf, objAt } from '../kit/objects.js';
import docs from './builtin-priority-level.md';

/** The fixed concurrency fields of the "catch-all" level and the value each must have after defaulting. */
const CATCH_ALL_FIXED: readonly (readonly [string, number | undefined])[] = [
  ['nominalConcurrencyShares', 5],
  ['lendablePercent', 0],
  ['borrowingLimitPercent', undefined],
];

export default defineRule({
  meta: {
    id: 'flowschema/builtin-priority-level',
    description: 'Only the built-in "exempt" level is Exempt; the built-in "catch-all" level keeps its fixed spec.',
    kinds: [PLC_KIND],
    severity: 'error',
    enforcedBy: 'server',
    fixable: true,
    source: 'upstream (flowcontrol validation of the mandatory priority levels)',
    docs,
    messages: {
      exemptType: 'the built-in "exempt" priority level must have type "Exempt", not "{{type}}"',
      onlyExemptIsExempt:
        'only the built-in "exempt" priority level may have type "Exempt"; point the FlowSchema at "exempt" instead, or make this level "Limited"',
      catchAllType: 'the built-in "catch-all" priority level must have type "Limited", not "{{type}}"',
      catchAllRejects:
        'the built-in "catch-all" priority level must reject excess requests (limitResponse type "Reject"), not "{{response}}"',
      catchAllNoField: 'the built-in "catch-all" priority level has no {{field}}; remove it',
      catchAllDefault:
        'the built-in "catch-all" priority level must have {{field}} {{fixed}}, not the default {{value}}; set it to {{fixed}}',
      catchAllValue: 'the built-in "catch-all" priority level must have {{field}} {{fixed}}, not {{value}}',
    },
  },
  check(context) {
    const name = nameOf(context.value);
    const spec = objAt(context.value, 'spec');
    const type = spec?.type;
    if (name === undefined || typeof type !== 'string') return;
    if (name === 'exempt' && type !== 'Exempt') {
      context.report({ path: ['spec', 'type'], messageId: 'exemptType', data: { type }, fix: { text: 'Exempt' } });
    } else if (name !== 'exempt' && type === 'Exempt') {
      context.report({ path: ['spec', 'type'], messageId: 'onlyExemptIsExempt' });
    }
    if (name !== 'catch-all') return;
    if (type !== 'Limited') {
      context.report({ path: ['spec', 'type'], messageId: 'catchAllType', data: { type } });
      return;
    }
    const limited = objAt(spec, 'limited');
    const response = objAt(limited, 'limitResponse')?.type;
    if (typeof response === 'string' && response !== 'Reject') {
      context.report({ path: ['spec', 'limited', 'limitResponse', 'type'], messageId: 'catchAllRejects', data: { response } });
    }
    if (!limited) return; // priority-level-member reports the missing member
    // The rest of the fixed spec, compared as the server does after defaulting.
    for (const [field, fixed] of CATCH_ALL_FIXED) {
      const path = ['spec', 'limited', field];
      // As stored: the schema's defaults fill what is not written (30 shares, 0 lendable).
      const value = context.effective(path);
      if (value === fixed) continue;
      if (fixed === undefined) {
        context.report({ path, messageId: 'catchAllNoField', data: { field } });
      } else if (limited[field] === undefined) {
        // A missing field is named by its own path and placed on the nearest key that exists.
        context.report({ path, target: 'key', messageId: 'catchAllDefault', data: { field, fixed, value: String(value) } });
      } else {
        context.report({
          path,
          messageId: 'catchAllValue',
          data: { field, fixed, value: String(value) },
          fix: { text: String(fixed) },
        });
      }
    }
  },
});
