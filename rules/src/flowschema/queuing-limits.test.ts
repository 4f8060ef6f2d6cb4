import { RuleTester } from '@platlint/core/testing';
import rule from './queuing-limits.js';

const level = (queuing: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: PriorityLevelConfiguration
metadata: {name: workload-low}
spec:
  type: Limited
  limited:
    nominalConcurrencyShares: 100
    limitResponse:
      type: Queue
      queuing: {${queuing}}
`;
const at = (field: string): string => `spec.limited.limitResponse.queuing.${field}`;

RuleTester.run(rule, {
  valid: [
    { name: 'typical values', yaml: level('queues: 128, handSize: 6, queueLengthLimit: 50') },
    { name: 'zeros and omissions take the defaults', yaml: level('queues: 0, handSize: 0') },
    { name: 'one queue, a hand of one', yaml: level('queues: 1, handSize: 1') },
    { name: 'at the entropy limit: 6 x log2(1024) = 60 bits', yaml: level('queues: 1024, handSize: 6') },
    { name: 'the largest number of queues', yaml: level('queues: 10000000, handSize: 1') },
  ],
  invalid: [
    {
      name: 'a hand larger than the deck',
      yaml: level('queues: 8, handSize: 16'),
      errors: [{ path: at('handSize'), messageId: 'handSizeAboveQueues', data: { handSize: 16, queues: 8 } }],
    },
    {
      name: 'more entropy than the hash holds: 7 x log2(1024) = 70 bits',
      yaml: level('queues: 1024, handSize: 7'),
      errors: [{ path: at('handSize'), messageId: 'tooManyBits', data: { handSize: 7, queues: 1024, bits: 70, maxBits: 60 } }],
    },
    // The server defaults the omitted handSize to 8 before it compares it with queues.
    {
      name: 'fewer queues than the default hand',
      yaml: level('queues: 4'),
      errors: [{ path: at('handSize'), messageId: 'handSizeAboveQueues', data: { handSize: 8, queues: 4 } }],
    },
    {
      name: 'a hand larger than the default deck',
      yaml: level('queues: 0, handSize: 65'),
      errors: [{ path: at('handSize'), messageId: 'handSizeAboveQueues', data: { handSize: 65, queues: 64 } }],
    },
  ],
});
