import { describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver';
import { codeActionsFor } from './code-actions.js';
import { linesOf } from './yaml-outline.js';

const uri = 'file:///w/app.yaml';

function diagnostic(line: number, code: string, fix?: { text: string }): Diagnostic {
  const range = { start: { line, character: 10 }, end: { line, character: 18 } };
  return { range, code, source: 'platlint', message: 'm', data: fix ? { fix: { range, text: fix.text } } : {} };
}

describe('code actions', () => {
  const lines = linesOf(
    ['spec:', '  strategy:', '    type: recreate', '  matchConditions:', '    - expression: >-', '        object.x'].join('\n'),
  );

  it('turns a rule fix into a quick fix', () => {
    const [fix] = codeActionsFor(uri, lines, [diagnostic(2, 'schema/enum', { text: 'Recreate' })]);
    expect(fix?.title).toBe('Fix schema/enum: use "Recreate"');
    expect(fix?.edit?.changes?.[uri]).toEqual([
      { range: { start: { line: 2, character: 10 }, end: { line: 2, character: 18 } }, newText: 'Recreate' },
    ]);
  });

  it('inserts a suppression comment above the line, indented like it', () => {
    const actions = codeActionsFor(uri, lines, [diagnostic(2, 'schema/enum')]);
    expect(actions).toHaveLength(1);
    expect(actions[0]?.title).toBe('Disable schema/enum for this line');
    expect(actions[0]?.edit?.changes?.[uri]?.[0]).toEqual({
      range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } },
      newText: '    # platlint-disable-next-line schema/enum -- reason\n',
    });
  });

  it('offers no suppression inside a block scalar, where a comment would become text', () => {
    expect(codeActionsFor(uri, lines, [diagnostic(5, 'admission/cel')])).toEqual([]);
  });
});
