import { RuleTester } from '@platlint/core/testing';
import rule from './concurrency-shares.js';

const limited = (settings: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: PriorityLevelConfiguration
metadata: {name: workload-low}
spec:
  type: Limited
  limited:
${settings}    limitResponse: {type: Reject}
`;
const exempt = (settings: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: PriorityLevelConfiguration
metadata: {name: exempt}
spec:
  type: Exempt
  exempt: {${settings}}
`;

RuleTester.run(rule, {
  valid: [
    {
      name: 'bounds',
      yaml: limited('    nominalConcurrencyShares: 0\n    lendablePercent: 100\n    borrowingLimitPercent: 300\n'),
    },
    { name: 'nothing set', yaml: limited('') },
    { name: 'exempt bounds', yaml: exempt('nominalConcurrencyShares: 0, lendablePercent: 0') },
  ],
  invalid: [
    {
      name: 'a limited level out of bounds',
      yaml: limited('    nominalConcurrencyShares: -1\n    lendablePercent: 101\n    borrowingLimitPercent: -5\n'),
      errors: [
        { path: 'spec.limited.nominalConcurrencyShares', messageId: 'negativeShares', data: { shares: -1 }, line: 7, column: 31 },
        { path: 'spec.limited.lendablePercent', messageId: 'lendablePercent', data: { lendable: 101 } },
        { path: 'spec.limited.borrowingLimitPercent', messageId: 'negativeBorrowing', data: { borrowing: -5 } },
      ],
    },
    {
      name: 'an exempt level out of bounds',
      yaml: exempt('nominalConcurrencyShares: -2, lendablePercent: -1'),
      errors: [
        { path: 'spec.exempt.nominalConcurrencyShares', messageId: 'negativeShares', data: { shares: -2 } },
        { path: 'spec.exempt.lendablePercent', messageId: 'lendablePercent', data: { lendable: -1 } },
      ],
    },
  ],
});
