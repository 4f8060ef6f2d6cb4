import { describe, expect, it } from 'vitest';
import type { CompletionItem } from 'vscode-languageserver';
import { completeAt } from './completion.js';
import { linesOf } from './yaml-outline.js';

/** Completion where `§` stands in the text. */
function complete(textWithCursor: string): CompletionItem[] {
  const lines = textWithCursor.split('\n');
  const line = lines.findIndex((l) => l.includes('§'));
  const character = (lines[line] as string).indexOf('§');
  return completeAt(linesOf(textWithCursor.replace('§', '')), { line, character });
}

const newText = (item: CompletionItem | undefined): string => (item?.textEdit as { newText: string } | undefined)?.newText ?? '';

describe('completion', () => {
  it('offers the keys of the object at the cursor, required first, present ones left out', () => {
    const items = complete(['apiVersion: apps/v1', 'kind: Deployment', 'spec:', '  replicas: 2', '  §'].join('\n'));
    const labels = items.map((i) => i.label);
    expect(labels).toContain('selector');
    expect(labels).toContain('strategy');
    expect(labels).not.toContain('replicas');
    const sorted = [...items].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? '')).map((i) => i.label);
    expect(sorted.slice(0, 2).sort()).toEqual(['selector', 'template']);
    expect(newText(items.find((i) => i.label === 'template'))).toBe('template:\n  $0');
  });

  it('completes keys of a new sequence item', () => {
    const items = complete(
      ['apiVersion: apps/v1', 'kind: Deployment', 'spec:', '  template:', '    spec:', '      containers:', '      - §'].join(
        '\n',
      ),
    );
    expect(items.map((i) => i.label)).toEqual(expect.arrayContaining(['name', 'image', 'ports']));
  });

  it('offers enum values for a value', () => {
    const items = complete(['apiVersion: apps/v1', 'kind: Deployment', 'spec:', '  strategy:', '    type: §'].join('\n'));
    expect(items.map((i) => i.label).sort()).toEqual(['Recreate', 'RollingUpdate']);
    expect(items.find((i) => i.label === 'RollingUpdate')?.detail).toBe('default');
  });

  it('offers kinds with their apiVersion, and adds the apiVersion when it is missing', () => {
    const items = complete('kind: §');
    const deployment = items.find((i) => i.label === 'Deployment');
    expect(deployment?.detail).toBe('apps/v1');
    expect(deployment?.additionalTextEdits?.[0]?.newText).toBe('apiVersion: apps/v1\n');
    const narrowed = complete('apiVersion: flowcontrol.apiserver.plat.io/v1\nkind: §');
    expect(narrowed.map((i) => i.label).sort()).toEqual(
      ['FlowSchema', 'FlowSchemaList', 'PriorityLevelConfiguration', 'PriorityLevelConfigurationList'].filter((k) =>
        narrowed.some((i) => i.label === k),
      ),
    );
    expect(narrowed.map((i) => i.label)).not.toContain('Deployment');
  });

  it('offers a snippet of a new object with its required fields in an empty document', () => {
    const items = complete('§');
    const snippet = newText(items.find((i) => i.label === 'Deployment (apps/v1)'));
    expect(snippet).toContain('apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${1:name}');
    expect(snippet).toContain('spec:\n  selector: {}\n  template: {}');
  });

  it('offers the variables of a CEL field, inside a block scalar too', () => {
    const policy = [
      'apiVersion: admissionregistration.plat.io/v1',
      'kind: MutatingAdmissionPolicy',
      'spec:',
      '  variables:',
      '    - name: minReplicas',
      '      expression: "1"',
      '  matchConditions:',
      '    - name: a',
    ];
    const inline = complete([...policy, '      expression: ob§'].join('\n')).map((i) => i.label);
    expect(inline).toEqual(expect.arrayContaining(['object', 'oldObject', 'request', 'params', 'authorizer']));
    expect(inline).not.toContain('variables');
    const block = complete(
      [
        ...policy,
        '      expression: "x"',
        '  mutations:',
        '    - applyConfiguration:',
        '        expression: |',
        '          variables.§',
      ].join('\n'),
    ).map((i) => i.label);
    expect(block).toEqual(['minReplicas']);
    const claims = complete(
      [
        'apiVersion: apiserver.plat.io/v1beta1',
        'kind: AuthenticationConfiguration',
        'jwt:',
        '  - claimValidationRules:',
        '      - expression: §',
      ].join('\n'),
    ).map((i) => i.label);
    expect(claims).toEqual(['claims']);
  });
});
