// `kubectl get -o yaml` prints a `kind: List` (v1); each item is linted (decision 8 of issue 9).
import { afterAll, describe, expect, it } from 'vitest';
import { allDiagnostics, lintJson, manifests, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const asItem = (text: string): string =>
  text
    .trimEnd()
    .split('\n')
    .map((line, i) => (i === 0 ? `- ${line}` : `  ${line}`))
    .join('\n');

describe('kind: List', () => {
  it('is linted item by item, with paths items[i]..., and skips items of unknown kinds', () => {
    const broken = manifests.validDeployment('api').replace('replicas: 2', 'replicas: -2');
    const widget = 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n';
    const text = `apiVersion: v1\nkind: List\nmetadata:\n  resourceVersion: ""\nitems:\n${[manifests.validDeployment(), widget, broken].map(asItem).join('\n')}\n`;
    const dir = tempDir({ 'dump.yaml': text });
    const { status, report } = lintJson(['dump.yaml'], { cwd: dir });
    expect(status).toBe(1);
    expect(allDiagnostics(report).map((d) => [d.ruleId, d.severity, d.path])).toEqual([
      ['document/unknown-kind', 'info', 'items[1].kind'],
      ['schema/range', 'error', 'items[2].spec.replicas'],
    ]);
  });
});
