import { expect, it } from 'vitest';
import { RuleTester, lintWithRule } from '@platlint/core/testing';
import rule from './subset-addresses.js';

const endpoints = (subsets: string): string => `apiVersion: v1
kind: Endpoints
metadata: {name: web, namespace: shop}
subsets:
${subsets}`;

RuleTester.run(rule, {
  valid: [
    { name: 'ready addresses without ports', yaml: endpoints('- addresses: [{ip: 10.0.0.5}]\n') },
    { name: 'only not-ready addresses', yaml: endpoints('- notReadyAddresses: [{ip: 10.0.0.5}]\n  ports: [{port: 80}]\n') },
    { name: 'no subsets at all', yaml: 'apiVersion: v1\nkind: Endpoints\nmetadata: {name: web, namespace: shop}\nsubsets: []\n' },
  ],
  invalid: [
    {
      name: 'ports only, and empty lists',
      yaml: endpoints('- addresses: [{ip: 10.0.0.5}]\n- ports: [{port: 80}]\n- addresses: []\n  notReadyAddresses: []\n'),
      errors: [
        { path: 'subsets[1]', messageId: 'noAddress', line: 6, column: 3 },
        { path: 'subsets[2]', messageId: 'noAddress', line: 7, column: 3 },
      ],
    },
  ],
});

it('leaves addresses written as a mapping to schema/type', () => {
  const found = lintWithRule(rule, endpoints('- addresses: {ip: 10.0.0.5}\n'));
  expect(found.map((d) => d.ruleId)).toEqual(['schema/type']);
});
