import { describe, expect, it } from 'vitest';
import { lintWithRule } from '@platlint/core/testing';
import { rules } from './all.js';

/**
 * The "Fails:" and "Passes:" examples of each rule's docs are linted, so the docs cannot
 * claim what the rule does not do. The convention: after a line that starts "Fails:" (or
 * "Warns:", for a rule that warns) or "Passes:", each fenced ```yaml block is one example and a
 * whole file (apiVersion, kind; several documents separated by `---` where the rule looks across
 * documents). A "Fails" example must draw at least one finding from the rule, a "Passes" example
 * none and no error. An update rule's docs give the stored object first, in a block after a line
 * that starts "Stored:": the examples after it are linted as updates of it (`platlint lint --old`).
 */
interface Example {
  expect: 'fails' | 'passes';
  yaml: string;
  /** The stored object the example replaces, for update rules. */
  old?: string;
}

function docExamples(docs: string): Example[] {
  const examples: Example[] = [];
  let label: Example['expect'] | 'stored' | undefined;
  let old: string | undefined;
  let block: string[] | undefined;
  for (const line of docs.split('\n')) {
    if (block !== undefined) {
      if (line.trim() === '```') {
        const yaml = `${block.join('\n')}\n`;
        if (label === 'stored') old = yaml;
        else if (label !== undefined) examples.push({ expect: label, yaml, ...(old === undefined ? {} : { old }) });
        block = undefined;
      } else block.push(line);
      continue;
    }
    if (/^```ya?ml\s*$/.test(line.trim())) block = [];
    else if (/^(Fails|Warns):/.test(line)) label = 'fails';
    else if (/^Passes:/.test(line)) label = 'passes';
    else if (/^Stored:/.test(line)) label = 'stored';
  }
  return examples;
}

/** Whether an example is a whole file that can be linted. */
const wholeFile = (example: Example): boolean => /^apiVersion:/m.test(example.yaml) && /^kind:/m.test(example.yaml);

describe('rule docs examples', () => {
  for (const rule of rules) {
    const examples = docExamples(rule.meta.docs);
    it(`${rule.meta.id}: has a failing and a passing example, each a whole file`, () => {
      expect(examples.filter((e) => !wholeFile(e)).map((e) => e.yaml)).toEqual([]);
      expect(new Set(examples.map((e) => e.expect))).toEqual(new Set(['fails', 'passes']));
    });
    examples.filter(wholeFile).forEach((example, i) =>
      it(`${rule.meta.id}: example ${i + 1} ${example.expect}`, () => {
        const all = lintWithRule(rule, example.yaml, {}, example.old);
        const found = all.filter((d) => d.ruleId === rule.meta.id);
        if (example.expect === 'fails') expect(found.length, example.yaml).toBeGreaterThan(0);
        // A passing example is clean as a whole, not only for this rule, as RuleTester's valid cases are.
        else
          expect(
            all
              .filter((d) => d.ruleId === rule.meta.id || d.severity === 'error')
              .map((d) => `${d.ruleId} ${d.path}: ${d.message}`),
          ).toEqual([]);
      }),
    );
  }
});

describe('docExamples', () => {
  it('takes each fenced YAML block under its label, and the stored object for the examples after it', () => {
    const docs = [
      'Some text.',
      '```yaml',
      'ignored: before any label',
      '```',
      'Fails:',
      '',
      '```yaml',
      'a: 1',
      '```',
      '',
      'Passes:',
      '```yaml',
      'b: 2',
      '```',
      '```yaml',
      'c: 3',
      '```',
    ].join('\n');
    expect(docExamples(docs)).toEqual([
      { expect: 'fails', yaml: 'a: 1\n' },
      { expect: 'passes', yaml: 'b: 2\n' },
      { expect: 'passes', yaml: 'c: 3\n' },
    ]);
    const update = ['Stored:', '```yaml', 'a: 1', '```', 'Warns:', '```yaml', 'a: 2', '```'].join('\n');
    expect(docExamples(update)).toEqual([{ expect: 'fails', yaml: 'a: 2\n', old: 'a: 1\n' }]);
  });
});
