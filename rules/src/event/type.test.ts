import { RuleTester } from '@platlint/core/testing';
import rule from './type.js';

const event = (extra: string): string => `apiVersion: v1
kind: Event
metadata: {name: web.17a3f0c2, namespace: shop}
involvedObject: {kind: Deployment, namespace: shop, name: web}
reason: ScalingReplicaSet
${extra}`;

RuleTester.run(rule, {
  valid: [
    { name: 'Normal', yaml: event('type: Normal\n') },
    { name: 'Warning', yaml: event('type: Warning\n') },
    { name: 'no type', yaml: event('') },
  ],
  invalid: [
    {
      name: 'another type',
      yaml: event('type: Error\n'),
      errors: [{ path: 'type', messageId: 'unknownType', data: { type: 'Error' }, line: 6, column: 7 }],
    },
    {
      name: 'an empty type',
      yaml: event('type: ""\n'),
      errors: [{ path: 'type', message: /^type "" is neither "Normal" nor "Warning"/ }],
    },
    {
      name: 'wrong case',
      yaml: event('type: warning\n'),
      errors: [{ path: 'type', messageId: 'caseOnly', data: { type: 'warning', spelled: 'Warning' }, fix: 'Warning' }],
    },
    {
      name: 'upper case',
      yaml: event('type: NORMAL\n'),
      errors: [{ path: 'type', messageId: 'caseOnly', data: { type: 'NORMAL', spelled: 'Normal' }, fix: 'Normal' }],
    },
  ],
});
