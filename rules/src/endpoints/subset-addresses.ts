import { defineRule } from '@platlint/core';
import { subsetsOf } from './shared.js';
import docs from './subset-addresses.md';

const nonEmpty = (value: unknown): boolean => Array.isArray(value) && value.length > 0;

export default defineRule({
  meta: {
    id: 'endpoints/subset-addresses',
    description: 'Each Endpoints subset needs at least one ready or not-ready address.',
    kinds: ['Endpoints'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, Endpoints)',
    docs,
    messages: { noAddress: 'subset has no address: list at least one in addresses or notReadyAddresses, or remove the subset' },
  },
  check(context) {
    for (const subset of subsetsOf(context.value)) {
      const { addresses, notReadyAddresses } = subset.value;
      if (nonEmpty(addresses) || nonEmpty(notReadyAddresses)) continue;
      // A list written as something else is schema/type's finding; it may well hold addresses.
      if ([addresses, notReadyAddresses].some((list) => list !== undefined && !Array.isArray(list))) continue;
      context.report({
        path: ['subsets', subset.index],
        messageId: 'noAddress',
      });
    }
  },
});
