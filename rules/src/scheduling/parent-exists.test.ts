import { RuleTester } from '@platlint/core/testing';
import rule from './parent-exists.js';
import { composite, documents, member } from './fixtures.js';

RuleTester.run(rule, {
  valid: [
    {
      name: 'the parent is in the run',
      yaml: documents(composite('root'), composite('stage-1', 'root'), member('workers', 'stage-1')),
    },
    {
      name: 'no CompositePodGroup of the namespace in the run: the parent may live elsewhere',
      yaml: documents(member('workers', 'stage-1'), composite('root', undefined, 'llm-pretrain', '', 'other')),
    },
    { name: 'a root has no parent', yaml: composite('root') },
  ],
  invalid: [
    {
      name: 'a misspelt parent',
      yaml: documents(composite('root'), composite('stage-1', 'rot')),
      errors: [
        {
          path: 'spec.parentCompositePodGroupName',
          severity: 'warning',
          messageId: 'noParent',
          data: { parent: 'rot', where: 'in namespace "ml-training"' },
          line: 16,
          column: 32,
        },
      ],
    },
    {
      name: 'a PodGroup whose parent sits in another namespace',
      yaml: documents(
        composite('root'),
        composite('stage-1', undefined, 'llm-pretrain', '', 'other'),
        member('workers', 'stage-1'),
      ),
      errors: [
        {
          path: 'spec.parentCompositePodGroupName',
          severity: 'warning',
          message: /^no CompositePodGroup "stage-1" in namespace "ml-training"/,
        },
      ],
    },
  ],
});
