import { defineRule } from '@platlint/core';

export default defineRule({
  meta: {
    id: 'endpoints/deprecated',
    description: 'Endpoints is deprecated in favour of EndpointSlice.',
    kinds: ['Endpoints'],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document A, Endpoints; API document A, Versioning',
    docs: [
      'The `v1` Endpoints kind is deprecated from release 1.33. Its replacement, EndpointSlice of',
      '`discovery.plat.io/v1`, carries the complete endpoint information of a service and scales',
      'to large services. New manifests should use EndpointSlice.',
    ].join('\n'),
  },
  check(context) {
    context.report({ path: ['kind'], message: 'Endpoints is deprecated since release 1.33; use EndpointSlice (discovery.plat.io/v1) instead' });
  },
});
