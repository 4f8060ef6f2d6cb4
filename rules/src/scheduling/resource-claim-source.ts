import { defineRule } from '@platlint/core';
import { POD_GROUP, isMapping, isSet, spec } from './shared.js';

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
      if (!isMapping(claim)) return;
      const label = typeof claim.name === 'string' ? `claim "${claim.name}"` : 'the claim';
      const direct = isSet(claim.resourceClaimName);
      const template = isSet(claim.resourceClaimTemplateName);
      if (direct && template) {
        context.report({ path: ['spec', 'resourceClaims', i], message: `${label} sets both "resourceClaimName" and "resourceClaimTemplateName"; keep exactly one of them` });
      } else if (!direct && !template) {
        context.report({ path: ['spec', 'resourceClaims', i], message: `${label} sets neither "resourceClaimName" nor "resourceClaimTemplateName"; set exactly one of them` });
      }
    });
  },
});
