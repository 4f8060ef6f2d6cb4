import { expect, it } from 'vitest';
import { RuleTester } from '@platlint/core/testing';
import rule from './hierarchy-cycle.js';
import { composite, documents, member } from './fixtures.js';

RuleTester.run(rule, {
  valid: [
    {
      name: 'a chain that ends at a root',
      yaml: documents(composite('a'), composite('b', 'a'), composite('c', 'b'), member('workers', 'c')),
    },
    {
      name: 'the same names in different namespaces',
      yaml: documents(composite('a', 'b'), composite('b', 'a', 'llm-pretrain', '', 'other')),
    },
  ],
  invalid: [
    {
      name: 'a group that is its own parent',
      yaml: composite('a', 'a'),
      errors: [
        { path: 'spec.parentCompositePodGroupName', messageId: 'cycle', data: { names: '"a" → "a"' }, line: 7, column: 32 },
      ],
    },
    {
      name: 'a cycle of three is reported once, at its first member',
      yaml: documents(composite('root'), composite('b', 'c'), composite('a', 'b'), composite('c', 'a'), composite('below', 'a')),
      errors: [
        { path: 'spec.parentCompositePodGroupName', messageId: 'cycle', data: { names: '"b" → "c" → "a" → "b"' }, line: 16 },
      ],
    },
  ],
});

it('is an error the scheduler finds, not the API server: advice for the admission engine', () => {
  expect(rule.meta.severity).toBe('error');
  expect(rule.meta.enforcedBy).toBe('advice');
});
