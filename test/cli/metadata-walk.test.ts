import { afterAll, describe, expect, it } from 'vitest';
import { allDiagnostics, lintJson, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

// metadata/labels and metadata/annotations share one walk of each object (rules/src/metadata/
// object-metas.ts): the walk looks for every type either rule wants and each rule takes its
// own. Each rule must still see every place of its types, and only those (annotations are read
// from object metadata alone), in two objects of one file (a shared walk must not hand one
// object's metadata to the other).
describe('the metadata rules, sharing one walk of each object', () => {
  const deployment = (name: string, bad: string) =>
    [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      `  name: ${name}`,
      `  labels: {"${bad} key": x}`,
      `  annotations: {"${bad} note": y}`,
      'spec:',
      '  selector:',
      '    matchLabels: {app: web}',
      '    matchExpressions:',
      `    - {key: tier, operator: In, values: ["${bad} value"]}`,
      // Not a field of a selector (schema/unknown-field): no annotation for metadata/annotations.
      `    annotations: {"${bad} stray": w}`,
      '  template:',
      '    metadata:',
      '      labels: {app: web}',
      `      annotations: {"${bad} template note": z}`,
      '    spec:',
      `      nodeSelector: {"${bad} disk": ssd}`,
      '      containers: [{name: web, image: nginx}]',
    ].join('\n');

  it('find labels in metadata, selectors and node selectors, and annotations in every metadata, of each object', () => {
    const dir = tempDir({ 'd.yaml': `${deployment('one', 'first')}\n---\n${deployment('two', 'second')}\n` });
    const { report } = lintJson(['d.yaml'], { cwd: dir });
    const found = allDiagnostics(report)
      .filter((d) => d.ruleId.startsWith('metadata/'))
      .map((d) => `${d.document} ${d.ruleId} ${d.path} ${d.range.start.line}:${d.range.start.column}`);
    const expected = (document: number, bad: string, firstLine: number) => {
      // Each finding points at the opening quote of the key or value.
      const at = (line: number, column: number) => `${firstLine + line - 1}:${column}`;
      return [
        `${document} metadata/labels metadata.labels["${bad} key"] ${at(5, 12)}`,
        `${document} metadata/annotations metadata.annotations["${bad} note"] ${at(6, 17)}`,
        `${document} metadata/labels spec.selector.matchExpressions[0].values[0] ${at(11, 42)}`,
        `${document} metadata/annotations spec.template.metadata.annotations["${bad} template note"] ${at(16, 21)}`,
        `${document} metadata/labels spec.template.spec.nodeSelector["${bad} disk"] ${at(18, 22)}`,
      ];
    };
    expect([...found].sort()).toEqual([...expected(0, 'first', 1), ...expected(1, 'second', 21)].sort());
  });
});
