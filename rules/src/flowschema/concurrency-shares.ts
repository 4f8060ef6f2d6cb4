import { defineRule } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { PLC_KIND, intAt, objAt } from './shape.js';

export default defineRule({
  meta: {
    id: 'flowschema/concurrency-shares',
    description: 'Priority-level shares are non-negative and lendablePercent lies between 0 and 100.',
    kinds: [PLC_KIND],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API types, flowcontrol/v1.LimitedPriorityLevelConfiguration, ExemptPriorityLevelConfiguration)',
    docs: [
      "A level's `nominalConcurrencyShares` is its weight when the server divides its concurrency",
      'limit; it may be 0 but not negative. `lendablePercent` is the part of that concurrency other',
      'levels may borrow, a percentage from 0 to 100. `borrowingLimitPercent` (limited levels only)',
      'caps what the level may borrow, relative to its own nominal concurrency; it may exceed 100 but',
      'not be negative. These apply to both `limited` and `exempt`.',
      '',
      'Source: upstream validation; the spec does not describe this kind.',
      '',
      'Fails: `nominalConcurrencyShares: -1`, `lendablePercent: 150`. Passes: `nominalConcurrencyShares: 0`, `lendablePercent: 100`.',
    ].join('\n'),
  },
  check(context) {
    const spec = objAt(context.value, 'spec');
    for (const member of ['limited', 'exempt']) {
      const settings = objAt(spec, member);
      if (!settings) continue;
      const at = (field: string): FieldPath => ['spec', member, field];
      const shares = intAt(settings, 'nominalConcurrencyShares');
      if (shares !== undefined && shares < 0) context.report({ path: at('nominalConcurrencyShares'), message: `nominalConcurrencyShares must not be negative (got ${shares}); 0 gives the level no nominal share` });
      const lendable = intAt(settings, 'lendablePercent');
      if (lendable !== undefined && (lendable < 0 || lendable > 100)) context.report({ path: at('lendablePercent'), message: `lendablePercent is a percentage from 0 to 100, not ${lendable}` });
      const borrowing = member === 'limited' ? intAt(settings, 'borrowingLimitPercent') : undefined;
      if (borrowing !== undefined && borrowing < 0) context.report({ path: at('borrowingLimitPercent'), message: `borrowingLimitPercent must not be negative (got ${borrowing}); omit it for no limit` });
    }
  },
});
