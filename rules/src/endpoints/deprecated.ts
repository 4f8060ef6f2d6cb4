import { defineRule, releaseAtLeast } from '@platlint/core';
import docs from './deprecated.md';

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
    docs,
    messages: {
      deprecated: 'Endpoints is deprecated since release {{release}}; use EndpointSlice (discovery.plat.io/v1) instead',
    },
  },
  check(context) {
    if (!releaseAtLeast(context.settings.release, DEPRECATED_IN)) return;
    context.report({ path: ['kind'], messageId: 'deprecated', data: { release: DEPRECATED_IN } });
  },
});
