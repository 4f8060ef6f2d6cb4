import { RuleTester } from '@platlint/core/testing';
import rule from './parent-consistency.js';
import { composite, compositePodGroup, documents, member, podGroup } from './fixtures.js';

const gangRoot = compositePodGroup(
  'root',
  '  workloadRef: {workloadName: llm-pretrain, templateName: root}\n  schedulingPolicy: {gang: {minGroupCount: 2}}\n  disruptionMode: {all: {}}\n  priorityClassName: high',
);

RuleTester.run(rule, {
  valid: [
    { name: 'a gang child of a basic parent', yaml: documents(composite('root'), member('workers', 'root')) },
    {
      name: 'a gang child of a gang parent, disrupted together, same priority',
      yaml: documents(
        gangRoot,
        podGroup(
          'workers',
          '  parentCompositePodGroupName: root\n  schedulingPolicy: {gang: {minCount: 2}}\n  disruptionMode: {all: {}}\n  priorityClassName: high',
        ),
      ),
    },
    { name: 'a root group is not compared', yaml: gangRoot },
    {
      name: 'unset priorities are not compared',
      yaml: documents(composite('root', undefined, 'llm-pretrain', '  priority: 5'), member('workers', 'root')),
    },
  ],
  invalid: [
    {
      name: 'a basic child of a gang parent',
      yaml: documents(
        gangRoot,
        podGroup(
          'workers',
          '  parentCompositePodGroupName: root\n  schedulingPolicy: {basic: {}}\n  disruptionMode: {all: {}}\n  priorityClassName: high',
        ),
      ),
      errors: [
        { path: 'spec.schedulingPolicy.basic', severity: 'warning', messageId: 'basicUnderGang', data: { parentName: 'root' } },
      ],
    },
    {
      name: 'a child with the default disruption mode under an all parent, with another priority class',
      yaml: documents(
        gangRoot,
        podGroup(
          'workers',
          '  parentCompositePodGroupName: root\n  schedulingPolicy: {gang: {minCount: 2}}\n  priorityClassName: low',
        ),
      ),
      errors: [
        {
          path: 'spec.disruptionMode',
          severity: 'warning',
          messageId: 'singleUnderAll',
          data: { defaultNote: ', the default', parentName: 'root' },
        },
        {
          path: 'spec.priorityClassName',
          severity: 'warning',
          messageId: 'otherPriority',
          data: { field: 'priorityClassName', mine: '"low"', parents: '"high"', parentName: 'root' },
        },
      ],
    },
  ],
});
