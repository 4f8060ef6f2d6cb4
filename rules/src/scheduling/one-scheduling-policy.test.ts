import { RuleTester } from '@platlint/core/testing';
import rule from './one-scheduling-policy.js';
import { compositePodGroup, podGroup } from './fixtures.js';

const ref = '  workloadRef: {workloadName: llm-pretrain, templateName: root}';

RuleTester.run(rule, {
  valid: [
    { name: 'PodGroup with gang', yaml: podGroup('workers', '  schedulingPolicy:\n    gang:\n      minCount: 8') },
    { name: 'PodGroup with basic', yaml: podGroup('workers', '  schedulingPolicy:\n    basic: {}') },
    {
      name: 'CompositePodGroup with gang',
      yaml: compositePodGroup('root', `${ref}\n  schedulingPolicy:\n    gang: {minGroupCount: 2}`),
    },
  ],
  invalid: [
    {
      name: 'both members',
      yaml: podGroup('workers', '  schedulingPolicy:\n    basic: {}\n    gang:\n      minCount: 8'),
      errors: [{ path: 'spec.schedulingPolicy.gang', messageId: 'both', line: 9, column: 5 }],
    },
    {
      name: 'an empty policy',
      yaml: podGroup('workers', '  schedulingPolicy: {}'),
      errors: [{ path: 'spec.schedulingPolicy.basic', messageId: 'neither', line: 7, column: 3 }],
    },
    {
      name: 'a member without a value is unset',
      yaml: podGroup('workers', '  schedulingPolicy:\n    basic:'),
      errors: [{ path: 'spec.schedulingPolicy.basic', message: /sets neither "basic" nor "gang"/, line: 8, column: 5 }],
    },
    {
      name: 'both members in a CompositePodGroup',
      yaml: compositePodGroup('root', `${ref}\n  schedulingPolicy:\n    basic: {}\n    gang: {minGroupCount: 2}`),
      errors: [{ path: 'spec.schedulingPolicy.gang', messageId: 'both' }],
    },
    {
      name: 'an empty CompositePodGroup policy',
      yaml: compositePodGroup('root', `${ref}\n  schedulingPolicy: {}`),
      errors: [{ path: 'spec.schedulingPolicy.basic', messageId: 'neither' }],
    },
  ],
});
