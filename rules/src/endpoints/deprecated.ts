import { defineRule, releaseAtLeast } from '@platlint/core';

/** The release from which the platform deprecates Endpoints (spec A, Endpoints). */
const DEPRECATED_IN = '1.33';

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
      '',
      'The finding follows the configuration\'s `release`: for a release before 1.33, Endpoints is',
      'not deprecated and nothing is reported.',
    ].join('\n'),
  },
  check(context) {
    if (!releaseAtLeast(context.settings.release, DEPRECATED_IN)) return;
    context.report({ path: ['kind'], message: `Endpoints is deprecated since release ${DEPRECATED_IN}; use EndpointSlice (discovery.plat.io/v1) instead` });
  },
});
