import { RuleTester } from '@platlint/core/testing';
import rule from './param-ref.js';

const binding = (paramRef: string): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: b}
spec:
  policyName: p
  paramRef:
${paramRef}
`;

RuleTester.run(rule, {
  valid: [
    { yaml: binding('    name: replica-policy\n    namespace: platform-config\n    parameterNotFoundAction: Deny') },
    { yaml: binding('    selector: {}\n    parameterNotFoundAction: Allow') },
  ],
  invalid: [
    {
      // The server checks the namespace only as a path segment; a non-DNS-label one can never match.
      name: 'a namespace that no namespace can have is a warning',
      yaml: binding('    name: replica-policy\n    namespace: Platform_Config\n    parameterNotFoundAction: Allow'),
      errors: [
        {
          path: 'spec.paramRef.namespace',
          severity: 'warning',
          messageId: 'badNamespace',
          data: { namespace: 'Platform_Config', problem: 'has uppercase letters; a DNS label is lowercase' },
        },
      ],
    },
    {
      yaml: binding('    name: replica-policy\n    selector: {matchLabels: {app: web}}\n    parameterNotFoundAction: Deny'),
      errors: [{ path: 'spec.paramRef.selector', messageId: 'nameAndSelector', line: 8, column: 5 }],
    },
    {
      yaml: binding('    namespace: platform-config\n    parameterNotFoundAction: Deny'),
      errors: [{ path: 'spec.paramRef', messageId: 'neither', line: 6, column: 3 }],
    },
    {
      name: 'parameterNotFoundAction has no default in v1',
      yaml: binding('    name: replica-policy'),
      errors: [{ path: 'spec.paramRef.parameterNotFoundAction', messageId: 'notFoundActionMissing', line: 7, column: 5 }],
    },
  ],
});
