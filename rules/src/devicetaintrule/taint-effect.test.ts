import { RuleTester } from '@platlint/core/testing';
import rule from './taint-effect.js';

const taintRule = (effect: string): string => `apiVersion: resource.plat.io/v1
kind: DeviceTaintRule
metadata:
  name: gpu-maintenance
spec:
  deviceSelector:
    driver: gpu.example.com
  taint:
    key: example.com/maintenance
    effect: ${effect}
`;

RuleTester.run(rule, {
  valid: [
    { name: 'None', yaml: taintRule('None') },
    { name: 'NoSchedule', yaml: taintRule('NoSchedule') },
    { name: 'NoExecute', yaml: taintRule('NoExecute') },
  ],
  invalid: [
    {
      name: 'PreferNoSchedule is a node-taint effect',
      yaml: taintRule('PreferNoSchedule'),
      errors: [
        {
          path: 'spec.taint.effect',
          messageId: 'preferNoSchedule',
          data: { effect: 'PreferNoSchedule' },
          line: 10,
          column: 13,
        },
      ],
    },
    {
      name: 'PreferNoSchedule in another case is still that effect',
      yaml: taintRule('prefernoschedule'),
      errors: [{ path: 'spec.taint.effect', message: /^"prefernoschedule" is not valid for a device taint/ }],
    },
    {
      name: 'an unknown effect is refused on write',
      yaml: taintRule('Quarantine'),
      errors: [
        {
          path: 'spec.taint.effect',
          severity: 'error',
          messageId: 'unknownEffect',
          data: { effect: 'Quarantine' },
        },
      ],
    },
    {
      name: 'a known effect in the wrong case is refused and gets a fix',
      yaml: taintRule('noExecute'),
      errors: [
        {
          path: 'spec.taint.effect',
          severity: 'error',
          messageId: 'caseOnly',
          data: { effect: 'noExecute', known: 'NoExecute' },
          fix: 'NoExecute',
        },
      ],
    },
    {
      name: 'an empty effect',
      yaml: taintRule('""'),
      errors: [{ path: 'spec.taint.effect', messageId: 'empty' }],
    },
    {
      name: 'List items are checked one by one',
      yaml: `apiVersion: resource.plat.io/v1
kind: DeviceTaintRuleList
items:
  - metadata: {name: a}
    spec: {taint: {key: example.com/a, effect: NoSchedule}}
  - metadata: {name: b}
    spec: {taint: {key: example.com/b, effect: PreferNoSchedule}}
`,
      errors: [{ path: 'items[1].spec.taint.effect', message: /^"PreferNoSchedule" is not valid/, line: 7 }],
    },
  ],
});
