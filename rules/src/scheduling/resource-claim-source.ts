import { defineRule } from '@platlint/core';
import { POD_GROUP, checkExactlyOne, isJsonObject, spec } from './shared.js';

export default defineRule({
  meta: {
    id: 'scheduling/resource-claim-source',
    description: 'A PodGroup resource claim names exactly one of resourceClaimName and resourceClaimTemplateName.',
    kinds: [POD_GROUP],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document B, PodGroup (PodGroupResourceClaim)',
    docs: [
      'Each entry of `spec.resourceClaims` refers to exactly one ResourceClaim: either an existing claim',
      '(`resourceClaimName`) or a template the claim is generated from (`resourceClaimTemplateName`).',
      'An entry with neither names no claim, and one with both is ambiguous; the server rejects both.',
      'The names themselves must be DNS subdomains (checked structurally).',
      '',
      'Where it is reported: with no member set, at the first member (its own path, placed on the',
      'nearest key that exists); with both set, at the second one written. The server itself reports',
      'the union as a whole.',
      '',
      'Spec: document B, PodGroupResourceClaim ("Exactly one of resourceClaimName and',
      'resourceClaimTemplateName must be set").',
      '',
      'Fails:',
      '```yaml',
      'resourceClaims:',
      '  - name: gpus',
      '    resourceClaimName: shared-gpus',
      '    resourceClaimTemplateName: gpu-template',
      '```',
      'Passes:',
      '```yaml',
      'resourceClaims:',
      '  - name: gpus',
      '    resourceClaimTemplateName: gpu-template',
      '```',
    ].join('\n'),
  },
  check(context) {
    const claims = spec(context.value)?.resourceClaims;
    if (!Array.isArray(claims)) return;
    claims.forEach((claim: unknown, i) => {
      if (!isJsonObject(claim)) return;
      const label = typeof claim.name === 'string' ? `claim "${claim.name}"` : 'the claim';
      checkExactlyOne(context, ['spec', 'resourceClaims', i], claim, ['resourceClaimName', 'resourceClaimTemplateName'], label);
    });
  },
});
