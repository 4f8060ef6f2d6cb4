import { defineRule } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { PLC_KIND } from './shape.js';
import { intAt, objAt } from '../kit/objects.js';
import docs from './concurrency-shares.md';

export default defineRule({
  meta: {
    id: 'flowschema/concurrency-shares',
    description: 'Priority-level shares are non-negative and lendablePercent lies between 0 and 100.',
    kinds: [PLC_KIND],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API types, flowcontrol/v1.LimitedPriorityLevelConfiguration, ExemptPriorityLevelConfiguration)',
    docs,
    messages: {
      negativeShares: 'nominalConcurrencyShares must not be negative (got {{shares}}); 0 gives the level no nominal share',
      lendablePercent: 'lendablePercent is a percentage from 0 to 100, not {{lendable}}',
      negativeBorrowing: 'borrowingLimitPercent must not be negative (got {{borrowing}}); omit it for no limit',
    },
  },
  check(context) {
    const spec = objAt(context.value, 'spec');
    for (const member of ['limited', 'exempt']) {
      const settings = objAt(spec, member);
      if (!settings) continue;
      const at = (field: string): FieldPath => ['spec', member, field];
      const shares = intAt(settings, 'nominalConcurrencyShares');
      if (shares !== undefined && shares < 0)
        context.report({ path: at('nominalConcurrencyShares'), messageId: 'negativeShares', data: { shares } });
      const lendable = intAt(settings, 'lendablePercent');
      if (lendable !== undefined && (lendable < 0 || lendable > 100))
        context.report({ path: at('lendablePercent'), messageId: 'lendablePercent', data: { lendable } });
      const borrowing = member === 'limited' ? intAt(settings, 'borrowingLimitPercent') : undefined;
      if (borrowing !== undefined && borrowing < 0)
        context.report({ path: at('borrowingLimitPercent'), messageId: 'negativeBorrowing', data: { borrowing } });
    }
  },
});
