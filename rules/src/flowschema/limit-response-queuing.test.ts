import { RuleTester } from '@platlint/core/testing';
import rule from './limit-response-queuing.js';

const level = (response: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: PriorityLevelConfiguration
metadata: {name: workload-low}
spec:
  type: Limited
  limited:
    nominalConcurrencyShares: 100
    limitResponse:
${response}`;

RuleTester.run(rule, {
  valid: [
    {
      name: 'queue with queuing',
      yaml: level('      type: Queue\n      queuing: {queues: 128, handSize: 6, queueLengthLimit: 50}\n'),
    },
    { name: 'reject alone', yaml: level('      type: Reject\n') },
  ],
  invalid: [
    {
      name: 'queue without queuing',
      yaml: level('      type: Queue\n'),
      errors: [{ path: 'spec.limited.limitResponse.queuing', messageId: 'queueNeedsQueuing', line: 8 }],
    },
    {
      name: 'reject with queuing',
      yaml: level('      type: Reject\n      queuing: {queues: 128}\n'),
      errors: [{ path: 'spec.limited.limitResponse.queuing', messageId: 'rejectHasQueuing', line: 10, column: 7 }],
    },
  ],
});
