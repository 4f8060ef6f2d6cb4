import { defineRule } from '@platlint/core';
import { subsetsOf } from './shared.js';

const nonEmpty = (value: unknown): boolean => Array.isArray(value) && value.length > 0;

export default defineRule({
  meta: {
    id: 'endpoints/subset-addresses',
    description: 'Each Endpoints subset needs at least one ready or not-ready address.',
    kinds: ['Endpoints'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, Endpoints)',
    docs: [
      'A subset stands for every address combined with every port, so a subset without any',
      'address stands for no endpoint at all. The server rejects a subset whose `addresses` and',
      '`notReadyAddresses` are both empty or missing. A subset without ports is allowed. To say',
      'that a service has no endpoints, leave `subsets` empty instead.',
      '',
      'Spec: not stated in document A; this is what the upstream API server enforces.',
      '',
      'Fails:',
      '',
      '```yaml',
      'subsets:',
      '- ports: [{port: 8080}]',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'subsets:',
      '- notReadyAddresses: [{ip: 10.244.1.17}]',
      '  ports: [{port: 8080}]',
      '```',
    ].join('\n'),
  },
  check(context) {
    for (const subset of subsetsOf(context.value)) {
      const { addresses, notReadyAddresses } = subset.value;
      if (nonEmpty(addresses) || nonEmpty(notReadyAddresses)) continue;
      // A list written as something else is schema/type's finding; it may well hold addresses.
      if ([addresses, notReadyAddresses].some((list) => list !== undefined && !Array.isArray(list))) continue;
      context.report({
        path: ['subsets', subset.index],
        message: 'subset has no address: list at least one in addresses or notReadyAddresses, or remove the subset',
      });
    }
  },
});
