import { defineRule } from '@platlint/core';
import { pemBundleProblem } from './pem-certificates.js';
import { AUTHN, authenticators, filled, obj } from './shared.js';

export default defineRule({
  meta: {
    id: 'config/certificate-authority',
    description: 'An issuer certificateAuthority, when set, holds PEM certificates that parse.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthenticationConfiguration (Issuer.certificateAuthority); upstream (API server configuration loading, AuthenticationConfiguration)',
    docs: [
      '`certificateAuthority` holds the CA certificates, PEM-encoded, that the API server trusts',
      'for the discovery connection to the issuer. The server refuses to load the file when the',
      'value holds no certificate, or a `CERTIFICATE` block that does not parse. It is the',
      'certificates themselves, not a file path. Left out or empty, the system roots are used.',
      '',
      'Fails: `certificateAuthority: /etc/ssl/issuer-ca.pem`',
      'Passes: `certificateAuthority: |` followed by a `-----BEGIN CERTIFICATE-----` block',
      '',
      'The spec says the same ("PEM CA certificates"). The message does not echo the value.',
    ].join('\n'),
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const pem = obj(jwt.issuer)?.certificateAuthority;
      if (!filled(pem)) continue;
      const problem = pemBundleProblem(pem);
      if (problem) context.report({ path: [...path, 'issuer', 'certificateAuthority'], message: `certificateAuthority ${problem}; write the PEM text of the CA certificates, not a file path` });
    }
  },
});
