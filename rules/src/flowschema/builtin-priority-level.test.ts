import { RuleTester } from '@platlint/core/testing';
import rule from './builtin-priority-level.js';

const level = (name: string, spec: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: PriorityLevelConfiguration
metadata: {name: ${name}}
spec:
${spec}`;
const reject = '  type: Limited\n  limited: {nominalConcurrencyShares: 5, limitResponse: {type: Reject}}\n';
const queue =
  '  type: Limited\n  limited: {nominalConcurrencyShares: 5, limitResponse: {type: Queue, queuing: {queues: 64, handSize: 6, queueLengthLimit: 50}}}\n';

RuleTester.run(rule, {
  valid: [
    { name: 'the exempt level', yaml: level('exempt', '  type: Exempt\n') },
    { name: 'the catch-all level', yaml: level('catch-all', reject) },
    { name: 'another limited level may queue', yaml: level('workload-low', queue) },
  ],
  invalid: [
    {
      name: 'a second exempt level',
      yaml: level('platform', '  type: Exempt\n'),
      errors: [{ path: 'spec.type', line: 5, column: 9, messageId: 'onlyExemptIsExempt' }],
    },
    {
      name: 'exempt made limited',
      yaml: level('exempt', reject),
      errors: [{ path: 'spec.type', fix: 'Exempt', messageId: 'exemptType', data: { type: 'Limited' } }],
    },
    {
      name: 'catch-all queues',
      yaml: level('catch-all', queue),
      errors: [{ path: 'spec.limited.limitResponse.type', messageId: 'catchAllRejects', data: { response: 'Queue' } }],
    },
    {
      name: 'catch-all exempt',
      yaml: level('catch-all', '  type: Exempt\n'),
      errors: [
        { path: 'spec.type', messageId: 'onlyExemptIsExempt' },
        { path: 'spec.type', messageId: 'catchAllType', data: { type: 'Exempt' } },
      ],
    },
    // The server compares the whole catch-all spec with its fixed value, after defaulting.
    {
      name: 'catch-all with other concurrency settings',
      yaml: level(
        'catch-all',
        '  type: Limited\n  limited: {nominalConcurrencyShares: 10, lendablePercent: 0, borrowingLimitPercent: 50, limitResponse: {type: Reject}}\n',
      ),
      errors: [
        {
          path: 'spec.limited.nominalConcurrencyShares',
          fix: '5',
          messageId: 'catchAllValue',
          data: { field: 'nominalConcurrencyShares', fixed: 5, value: 10 },
        },
        { path: 'spec.limited.borrowingLimitPercent', messageId: 'catchAllNoField', data: { field: 'borrowingLimitPercent' } },
      ],
    },
    {
      name: 'catch-all with the default shares',
      yaml: level('catch-all', '  type: Limited\n  limited: {limitResponse: {type: Reject}}\n'),
      errors: [
        {
          path: 'spec.limited.nominalConcurrencyShares',
          messageId: 'catchAllDefault',
          data: { field: 'nominalConcurrencyShares', fixed: 5, value: 30 },
        },
      ],
    },
  ],
});
