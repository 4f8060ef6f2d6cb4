// `platlint lint --old PATH`: the stored objects an update would replace (decision 12 of issue 9).
import { afterAll, describe, expect, it } from 'vitest';
import { allDiagnostics, lintJson, manifests, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const asItem = (text: string): string =>
  text
    .trimEnd()
    .split('\n')
    .map((line, i) => (i === 0 ? `- ${line}` : `  ${line}`))
    .join('\n');

describe('--old', () => {
  it('pairs a renamed object with the only stored object of its kind', () => {
    const dir = tempDir({ 'web.yaml': manifests.validDeployment('web-v2'), 'live.yaml': manifests.validDeployment('web') });
    const { status, report } = lintJson(['web.yaml', '--old', 'live.yaml'], { cwd: dir });
    expect(status).toBe(1);
    expect(allDiagnostics(report).map((d) => [d.ruleId, d.path])).toEqual([
      ['metadata/identity-immutable', 'metadata.name'],
      ['deployment/selector-immutable', 'spec.selector'],
    ]);
  });

  it('reads the stored objects from kubectl output (kind: List) and pairs by name first', () => {
    const live = `apiVersion: v1\nkind: List\nitems:\n${[manifests.validDeployment('web'), manifests.validDeployment('api')].map(asItem).join('\n')}\n`;
    const dir = tempDir({
      'web.yaml': manifests.validDeployment('web'),
      'other.yaml': manifests.validDeployment('new'),
      'live.yaml': live,
    });
    const { status, report } = lintJson(['web.yaml', 'other.yaml', '--old', 'live.yaml'], { cwd: dir });
    expect(allDiagnostics(report)).toEqual([]);
    expect(status).toBe(0);
  });
});

describe('--old in a run large enough for worker threads', () => {
  it('does not pair the single stored object with one new object per thread', () => {
    const files: Record<string, string> = {};
    // Many small files and two large Deployments, so that a split by size puts them in different threads.
    for (let i = 0; i < 400; i++)
      files[`pad/${String(i).padStart(3, '0')}.yaml`] = `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c${i}}\n`;
    const padding = `\n# ${'x'.repeat(4000)}\n`;
    files['a.yaml'] = manifests.validDeployment('alpha') + padding;
    files['b.yaml'] = manifests.validDeployment('beta') + padding;
    files['live.yaml'] = manifests.validDeployment('web');
    const dir = tempDir(files);
    const { report } = lintJson(['--workers', '2', 'a.yaml', 'b.yaml', 'pad', '--old', 'live.yaml'], { cwd: dir });
    expect(allDiagnostics(report).filter((d) => d.severity !== 'info')).toEqual([]);
  });
});
