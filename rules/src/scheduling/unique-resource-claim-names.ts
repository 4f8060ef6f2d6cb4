import { defineRule } from '@platlint/core';
import { POD_GROUP, isJsonObject, spec } from './shared.js';

export default defineRule({
  meta: {
    id: 'scheduling/unique-resource-claim-names',
    description: 'The resource claims of a PodGroup have unique names.',
    kinds: [POD_GROUP],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document B, PodGroup (PodGroupResourceClaim.name)',
    docs: [
      'The `name` of an entry in `spec.resourceClaims` identifies the claim inside the PodGroup: pods',
      'use a group claim by declaring a claim of the same name. The list is merged by `name`, so two',
      'entries with one name would overwrite each other; the server rejects the duplicate. Each later',
      'duplicate is reported at its `name`. (That the name is a DNS label is checked structurally.)',
      '',
      'Spec: document B, PodGroupResourceClaim ("Unique identifier of the claim inside the PodGroup").',
      '',
      'Fails:',
      '```yaml',
      'resourceClaims:',
      '  - {name: gpus, resourceClaimName: gpus-a}',
      '  - {name: gpus, resourceClaimName: gpus-b}',
      '```',
      'Passes:',
      '```yaml',
      'resourceClaims:',
      '  - {name: gpus-a, resourceClaimName: gpus-a}',
      '  - {name: gpus-b, resourceClaimName: gpus-b}',
      '```',
    ].join('\n'),
  },
  check(context) {
    const claims = spec(context.value)?.resourceClaims;
    if (!Array.isArray(claims)) return;
    const first = new Map<string, number>();
    claims.forEach((claim: unknown, i) => {
      if (!isJsonObject(claim) || typeof claim.name !== 'string') return;
      const earlier = first.get(claim.name);
      if (earlier === undefined) {
        first.set(claim.name, i);
        return;
      }
      context.report({
        path: ['spec', 'resourceClaims', i, 'name'],
        message: `claim name "${claim.name}" is already used by spec.resourceClaims[${earlier}]; give each claim of the PodGroup its own name`,
      });
    });
  },
});
