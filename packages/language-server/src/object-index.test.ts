import { describe, expect, it } from 'vitest';
import { ObjectIndex, documentSymbols } from './object-index.js';
import { linesOf } from './yaml-outline.js';

const policies = linesOf(
  [
    'apiVersion: admissionregistration.plat.io/v1',
    'kind: MutatingAdmissionPolicy',
    'metadata:',
    '  name: p',
    'spec:',
    '  paramKind:',
    '    apiVersion: v1',
    '    kind: ConfigMap',
    '---',
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata:',
    '  name: params',
    '  namespace: cfg',
  ].join('\n'),
);
const binding = linesOf(
  [
    'apiVersion: admissionregistration.plat.io/v1',
    'kind: MutatingAdmissionPolicyBinding',
    'metadata:',
    '  name: b',
    'spec:',
    '  policyName: p',
    '  paramRef:',
    '    name: params',
  ].join('\n'),
);

describe('symbols and definitions', () => {
  it('gives one symbol per document, named by kind and name', () => {
    const symbols = documentSymbols(policies);
    expect(symbols.map((s) => s.name)).toEqual(['MutatingAdmissionPolicy p', 'ConfigMap params']);
    expect(symbols[1]?.range.start.line).toBe(8);
    expect(symbols[1]?.selectionRange.start.line).toBe(12);
  });

  it('follows a binding to its policy and its parameter object across open documents', () => {
    const index = new ObjectIndex([], () => [
      { uri: 'file:///w/policies.yaml', path: '/w/policies.yaml', lines: policies },
      { uri: 'file:///w/binding.yaml', path: '/w/binding.yaml', lines: binding },
    ]);
    expect(index.definition(binding, { line: 5, character: 15 })).toEqual({
      uri: 'file:///w/policies.yaml',
      range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } },
    });
    expect(index.definition(binding, { line: 7, character: 12 })?.range.start.line).toBe(12);
    expect(index.definition(binding, { line: 3, character: 9 })).toBeNull();
  });
});
