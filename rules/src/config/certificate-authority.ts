import { defineRule } from '@platlint/core';
import { pemBundleProblem } from './pem-certificates.js';
import { authenticators, AUTHN, obj } from './shared.js';
import { filled } from '../kit/objects.js';
import docs from './certificate-authority.md';

export default defineRule({
  meta: {
    id: 'config/certificate-authority',
    description: 'An issuer certificateAuthority, when set, holds PEM certificates that parse.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'API document C, AuthenticationConfiguration (Issuer.certificateAuthority); upstream (API server configuration loading, AuthenticationConfiguration)',
    docs,
    messages: {
      notPem: 'certificateAuthority {{problem}}; write the PEM text of the CA certificates, not a file path',
    },
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const pem = obj(jwt.issuer)?.certificateAuthority;
      if (!filled(pem)) continue;
      const problem = pemBundleProblem(pem);
      if (problem) context.report({ path: [...path, 'issuer', 'certificateAuthority'], messageId: 'notPem', data: { problem } });
    }
  },
});
