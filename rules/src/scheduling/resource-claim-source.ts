import { checkOneOf, defineRule } from '@platlint/core';
import { POD_GROUP, spec } from './shared.js';
import { isObject } from '../kit/objects.js';
import docs from './resource-claim-source.md';

export default defineRule({
  meta: {
    id: 'scheduling/resource-claim-source',
    description: 'A PodGroup resource claim names exactly one of resourceClaimName and resourceClaimTemplateName.',
    kinds: [POD_GROUP],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document B, PodGroup (PodGroupResourceClaim)',
    docs,
    messages: {
      neither: '{{claim}} sets neither "resourceClaimName" nor "resourceClaimTemplateName"; set exactly one of them',
      both: '{{claim}} sets both "resourceClaimName" and "resourceClaimTemplateName"; keep exactly one of them',
    },
  },
  check(context) {
    const claims = spec(context.value)?.resourceClaims;
    if (!Array.isArray(claims)) return;
    claims.forEach((claim: unknown, i) => {
      if (!isObject(claim)) return;
      const label = typeof claim.name === 'string' ? `claim "${claim.name}"` : 'the claim';
      const data = { claim: label };
      checkOneOf(context, ['spec', 'resourceClaims', i], ['resourceClaimName', 'resourceClaimTemplateName'], {
        noneMessage: { messageId: 'neither', data },
        extraMessage: () => ({ messageId: 'both', data }),
      });
    });
  },
});
