import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './issuer-egress-selector-type.js';

const issuer = (rest: string): string => authn([jwt({ issuer: `url: https://sso.example.com\naudiences: [a]\n${rest}` })]);

RuleTester.run(rule, {
  valid: [{ yaml: issuer('egressSelectorType: cluster') }, { yaml: issuer('egressSelectorType: controlplane') }, { yaml: issuer('egressSelectorType: ""') }, { yaml: issuer('') }],
  invalid: [
    { yaml: issuer('egressSelectorType: etcd'), errors: [{ path: 'jwt[0].issuer.egressSelectorType', message: 'egressSelectorType "etcd" is not supported; use controlplane or cluster' }] },
    { yaml: issuer('egressSelectorType: Cluster'), errors: [{ path: 'jwt[0].issuer.egressSelectorType', message: 'egressSelectorType "Cluster" is not supported; use controlplane or cluster (values are case-sensitive)', fix: 'cluster' }] },
  ],
});
