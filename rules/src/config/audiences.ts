import { defineRule } from '@platlint/core';
import { AUTHN, authenticators, forRepeats, list, obj } from './shared.js';

export default defineRule({
  meta: {
    id: 'config/audiences',
    description: 'Issuer audiences must be non-empty strings, each listed once.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthenticationConfiguration (Issuer.audiences); upstream (API server configuration loading, AuthenticationConfiguration)',
    docs: [
      'Each audience is compared with the token\'s `aud` claim: an empty string can never be meant,',
      'and a repeated one is a copy-paste slip. A repeat is reported at the later entry. An empty',
      'list is reported structurally (`schema/length`).',
      '',
      'Fails: `audiences: [platform-api, platform-api]`',
      'Passes: `audiences: [platform-api, platform-cli]`',
      '',
      'Upstream rejects both as well.',
    ].join('\n'),
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const entries = list(obj(jwt.issuer)?.audiences).map((value, j) => ({ value, j }));
      for (const { value, j } of entries) {
        if (value === '') context.report({ path: [...path, 'issuer', 'audiences', j], message: 'audience is empty; write the audience the tokens carry or remove the entry' });
      }
      forRepeats(
        entries,
        (e) => (typeof e.value === 'string' && e.value !== '' ? e.value : undefined),
        (later, first) => context.report({ path: [...path, 'issuer', 'audiences', later.j], message: `audience ${JSON.stringify(later.value)} is already listed at index ${first.j}; remove the repeat` }),
      );
    }
  },
});
