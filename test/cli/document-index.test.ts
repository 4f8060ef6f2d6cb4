// The document index of a finding is the document it is in, whichever way the file was read
// (issue 23, item 14): the fast composer, the fallback to `yaml` (a tab, stray text after the
// last `---`), a large file whose trees are parsed again for positions, and the checks across
// documents that run after the first pass.
import { afterAll, describe, expect, it } from 'vitest';
import { flowSchema, level } from '../cross-document-manifests.js';
import { allDiagnostics, lintJson, manifests, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const event = (name: string): string =>
  `apiVersion: v1\nkind: Event\nmetadata: {name: ${name}}\ninvolvedObject: {kind: Pod, name: p}\n`;
/** Two clean documents, then `last`. */
const third = (last: string): string => [event('a'), event('b'), last].join('---\n');
/** Where (document, line) each finding of a lone file is. */
const places = (text: string, args: string[] = []): [string, number, number][] => {
  const r = lintJson([...args, 'm.yaml'], { cwd: tempDir({ 'm.yaml': text }) });
  expect([0, 1]).toContain(r.status);
  return r.report.files[0]!.diagnostics.map((d) => [d.ruleId, d.document, d.range.start.line]);
};
const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
/** Clean documents enough for a file over 16 KiB, where the reader lets the syntax trees go. */
const fillers = Array.from({ length: 250 }, (_, i) => event(`filler-${i}`));

describe('the document index of a finding', () => {
  it('fillers make a file over 16 KiB', () => expect(fillers.join('---\n').length).toBeGreaterThan(16 * 1024));

  it('on the fast path', () => {
    const text = third(manifests.validDeployment().replace('  replicas: 2', '  replicaz: 2'));
    expect(places(text)).toEqual([['schema/unknown-field', 2, lineOf(text, 'replicaz')]]);
  });

  it('on the fallback, a tab in the file', () => {
    const text = third(manifests.validDeployment().replace('  replicas: 2', '  replicaz: 2\t# tabbed'));
    expect(places(text)).toEqual([['schema/unknown-field', 2, lineOf(text, 'replicaz')]]);
  });

  it('for stray text after the last ---', () => {
    const text = third('  bad: indent\n x: y\n');
    const found = places(text);
    expect(found.length).toBeGreaterThan(0);
    for (const [ruleId, document, line] of found)
      expect([ruleId, document, line]).toEqual(['yaml/syntax', 2, lineOf(text, ' x: y')]);
  });

  it('in a large file, whose documents are parsed again for positions', () => {
    const text = [...fillers, manifests.validDeployment().replace('  replicas: 2', '  replicaz: 2')].join('---\n');
    expect(places(text)).toEqual([['schema/unknown-field', fillers.length, lineOf(text, 'replicaz')]]);
  });

  it('for a check across documents, run after every file is read, in one thread or two', () => {
    const small = [event('a'), level('team-level'), flowSchema('lost', 'no-such-level')].join('---\n');
    const large = [...fillers, flowSchema('lost-too', 'no-such-level')].join('---\n');
    const dir = tempDir({ 'small.yaml': small, 'large.yaml': large, 'tabbed.yaml': `${small}#\tnote\n` });
    for (const workers of ['1', '2']) {
      const r = lintJson(['--workers', workers, '.'], { cwd: dir });
      const found = allDiagnostics(r.report).filter((d) => d.ruleId === 'flowschema/priority-level-exists');
      expect(found.map((d) => [d.file, d.document, d.range.start.line]).sort(), `--workers ${workers}`).toEqual([
        ['large.yaml', fillers.length, lineOf(large, 'no-such-level')],
        ['small.yaml', 2, lineOf(small, 'no-such-level')],
        ['tabbed.yaml', 2, lineOf(small, 'no-such-level')],
      ]);
    }
  });
});
