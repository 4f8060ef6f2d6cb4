import { defineRule } from '@platlint/core';
import { POD_GROUP, spec } from './shared.js';
import { isObject } from '../kit/objects.js';
import docs from './unique-resource-claim-names.md';

export default defineRule({
  meta: {
    id: 'scheduling/unique-resource-claim-names',
    description: 'The resource claims of a PodGroup have unique names.',
    kinds: [POD_GROUP],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document B, PodGroup (PodGroupResourceClaim.name)',
    docs,
    messages: {
      repeated:
        'claim name "{{name}}" is already used by spec.resourceClaims[{{earlier}}]; give each claim of the PodGroup its own name',
    },
  },
  check(context) {
    const claims = spec(context.value)?.resourceClaims;
    if (!Array.isArray(claims)) return;
    const first = new Map<string, number>();
    claims.forEach((claim: unknown, i) => {
      if (!isObject(claim) || typeof claim.name !== 'string') return;
      const earlier = first.get(claim.name);
      if (earlier === undefined) {
        first.set(claim.name, i);
        return;
      }
      context.report({
        path: ['spec', 'resourceClaims', i, 'name'],
        messageId: 'repeated',
        data: { name: claim.name, earlier },
      });
    });
  },
});
