import { RuleTester } from '@platlint/core/testing';
import { TEST_CA_PEM, authn, blockScalar, jwt } from './fixtures.js';
import rule from './certificate-authority.js';

const withCa = (value: string): string =>
  authn([jwt({ issuer: `url: https://sso.example.com\naudiences: [a]\ncertificateAuthority: ${value}` })]);
const ca = (pem: string): string => withCa(blockScalar(pem, 4));
// The same certificate with one byte of its signature changed: the PEM decodes, the DER does not parse.
const broken = TEST_CA_PEM.replace('MIIBjDCCATOg', 'MIIBjDCCAZOg');

RuleTester.run(rule, {
  valid: [
    { yaml: ca(TEST_CA_PEM) },
    { name: 'two certificates', yaml: ca(`${TEST_CA_PEM}\n${TEST_CA_PEM}`) },
    {
      name: 'text around the blocks and other block types are skipped',
      yaml: ca(`issuer CA\n-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n${TEST_CA_PEM}`),
    },
    { name: 'empty means the system roots', yaml: withCa('""') },
  ],
  invalid: [
    {
      yaml: withCa('/etc/ssl/issuer-ca.pem'),
      errors: [
        {
          path: 'jwt[0].issuer.certificateAuthority',
          messageId: 'notPem',
          data: { problem: 'holds no PEM certificate ("-----BEGIN CERTIFICATE-----" ... "-----END CERTIFICATE-----")' },
        },
      ],
    },
    {
      yaml: ca(`${TEST_CA_PEM}\n${broken}`),
      errors: [
        {
          path: 'jwt[0].issuer.certificateAuthority',
          messageId: 'notPem',
          data: { problem: 'has a certificate (number 2) that does not parse as X.509' },
        },
      ],
    },
  ],
});
