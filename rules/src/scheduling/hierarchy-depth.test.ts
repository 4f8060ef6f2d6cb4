import { expect, it } from 'vitest';
import { RuleTester } from '@platlint/core/testing';
import rule from './hierarchy-depth.js';
import { composite, documents, member } from './fixtures.js';

const fourLevels = [composite('l1'), composite('l2', 'l1'), composite('l3', 'l2'), composite('l4', 'l3')];

RuleTester.run(rule, {
  valid: [
    { name: 'four levels of composite groups', yaml: documents(...fourLevels) },
    { name: 'a PodGroup at level 4', yaml: documents(...fourLevels.slice(0, 3), member('workers', 'l3')) },
    {
      name: 'a cycle has no depth',
      yaml: documents(composite('a', 'e'), composite('b', 'a'), composite('c', 'b'), composite('d', 'c'), composite('e', 'd')),
    },
  ],
  invalid: [
    {
      name: 'a PodGroup at level 5',
      yaml: documents(...fourLevels, member('workers', 'l4')),
      errors: [
        {
          path: 'spec.parentCompositePodGroupName',
          messageId: 'tooDeep',
          data: { level: 5, top: 'l1', maxDepth: 4 },
          line: 46,
          column: 32,
        },
      ],
    },
    {
      name: 'only the first level too deep is reported',
      yaml: documents(...fourLevels, composite('l5', 'l4'), composite('l6', 'l5'), member('workers', 'l6')),
      errors: [{ path: 'spec.parentCompositePodGroupName', messageId: 'tooDeep', data: { level: 5, top: 'l1', maxDepth: 4 } }],
    },
  ],
});

it('is an error the scheduler finds, not the API server: advice for the admission engine', () => {
  expect(rule.meta.severity).toBe('error');
  expect(rule.meta.enforcedBy).toBe('advice');
});
