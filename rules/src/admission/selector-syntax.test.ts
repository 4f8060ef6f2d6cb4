import { RuleTester } from '@platlint/core/testing';
import rule from './selector-syntax.js';
import { policy } from './fixtures.js';

const withSelector = (field: string, term: string): string =>
  policy({}).replace('  matchConstraints:\n', `  matchConstraints:\n    ${field}:\n      matchExpressions:\n        - ${term}\n`);

const binding = (selector: string): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: b}
spec:
  policyName: p
  paramRef:
    selector: {matchExpressions: [${selector}]}
    parameterNotFoundAction: Allow
`;

RuleTester.run(rule, {
  valid: [
    { yaml: withSelector('objectSelector', '{key: tier, operator: In, values: [web]}') },
    { yaml: withSelector('namespaceSelector', '{key: tier, operator: Exists}') },
    { yaml: binding('{key: tier, operator: DoesNotExist}') },
  ],
  invalid: [
    {
      yaml: withSelector('objectSelector', '{key: tier, operator: In}'),
      errors: [
        {
          path: 'spec.matchConstraints.objectSelector.matchExpressions[0].values',
          messageId: 'termNeedsValues',
          data: { operator: 'In' },
        },
      ],
    },
    {
      yaml: withSelector('namespaceSelector', '{key: tier, operator: NotIn, values: []}'),
      errors: [
        {
          path: 'spec.matchConstraints.namespaceSelector.matchExpressions[0].values',
          messageId: 'termNeedsValues',
          data: { operator: 'NotIn' },
        },
      ],
    },
    {
      yaml: binding('{key: tier, operator: Exists, values: [a]}'),
      errors: [
        {
          path: 'spec.paramRef.selector.matchExpressions[0].values',
          messageId: 'termTakesNoValues',
          data: { operator: 'Exists' },
        },
      ],
    },
  ],
});
