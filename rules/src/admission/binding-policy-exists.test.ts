import { RuleTester } from '@platlint/core/testing';
import rule from './binding-policy-exists.js';
import { policy } from './fixtures.js';

const POLICY = policy({ name: 'enforce-min-replicas' });

const binding = (policyName: string): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: b}
spec:
  policyName: ${policyName}
`;

RuleTester.run(rule, {
  valid: [
    { name: 'policy after the binding', yaml: `${binding('enforce-min-replicas')}---\n${POLICY}` },
    {
      name: 'policy in a List',
      yaml: `${binding('enforce-min-replicas')}---\napiVersion: admissionregistration.plat.io/v1\nkind: MutatingAdmissionPolicyList\nitems:\n  - ${POLICY.split('\n').slice(2).join('\n    ')}`,
    },
  ],
  invalid: [
    {
      yaml: `${POLICY}---\n${binding('enforce-min-replica')}`,
      errors: [{ path: 'spec.policyName', messageId: 'noPolicy', data: { name: 'enforce-min-replica' }, line: 17, column: 15 }],
    },
  ],
});
