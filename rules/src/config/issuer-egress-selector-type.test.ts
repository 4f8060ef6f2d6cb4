import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './issuer-egress-selector-type.js';

const issuer = (rest: string): string => authn([jwt({ issuer: `url: https://sso.example.com\naudiences: [a]\n${rest}` })]);

RuleTester.run(rule, {
  valid: [
    { yaml: issuer('egressSelectorType: cluster') },
    { yaml: issuer('egressSelectorType: controlplane') },
    { yaml: issuer('egressSelectorType: ""') },
    { yaml: issuer('') },
  ],
  invalid: [
    {
      yaml: issuer('egressSelectorType: etcd'),
      errors: [{ path: 'jwt[0].issuer.egressSelectorType', messageId: 'unsupported', data: { value: '"etcd"', caseNote: '' } }],
    },
    {
      yaml: issuer('egressSelectorType: Cluster'),
      errors: [
        {
          path: 'jwt[0].issuer.egressSelectorType',
          messageId: 'unsupported',
          data: { value: '"Cluster"', caseNote: ' (values are case-sensitive)' },
          fix: 'cluster',
        },
      ],
    },
  ],
});
