import { RuleTester } from '@platlint/core/testing';
import rule from './single-workload.js';
import { composite, documents, member, podGroup } from './fixtures.js';

RuleTester.run(rule, {
  valid: [
    {
      name: 'one Workload throughout',
      yaml: documents(composite('root'), composite('stage-1', 'root'), member('workers', 'stage-1')),
    },
    {
      name: 'a PodGroup without workloadRef is not compared',
      yaml: documents(
        composite('root'),
        podGroup('workers', '  parentCompositePodGroupName: root\n  schedulingPolicy: {basic: {}}'),
      ),
    },
    {
      name: 'separate hierarchies may belong to different Workloads',
      yaml: documents(
        composite('root'),
        composite('other-root', undefined, 'llm-finetune'),
        member('workers', 'other-root', 'llm-finetune'),
      ),
    },
  ],
  invalid: [
    {
      name: 'a child of another Workload',
      yaml: documents(
        composite('root'),
        composite('stage-1', 'root', 'llm-finetune'),
        member('workers', 'stage-1', 'llm-finetune'),
      ),
      errors: [
        {
          path: 'spec.workloadRef.workloadName',
          messageId: 'otherWorkload',
          data: { own: 'llm-finetune', relation: 'its parent', ancestor: 'root', theirs: 'llm-pretrain' },
          line: 17,
          column: 31,
        },
      ],
    },
    {
      name: 'a PodGroup differing from its parent',
      yaml: documents(composite('root'), composite('stage-1', 'root'), member('workers', 'stage-1', 'llm-finetune')),
      errors: [
        {
          path: 'spec.workloadRef.workloadName',
          message: /^this group belongs to Workload "llm-finetune" but its parent "stage-1" belongs to Workload "llm-pretrain"/,
        },
      ],
    },
  ],
});
