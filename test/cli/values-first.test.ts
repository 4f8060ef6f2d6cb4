// A file read values first (packages/core/src/source/values-only-read.ts) has its syntax
// trees parsed only for the documents with a finding. Through the CLI, its findings, SARIF
// regions and fixes must be those of the same text read by the reader of record: a copy
// with a tab in a trailing comment, which sends the whole file there and changes nothing else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceFile } from '@platlint/core';
import { afterAll, describe, expect, it } from 'vitest';
import { lintJson, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const text = `apiVersion: v1
kind: ConfigMap
metadata: {name: settings}
data:
  mode: "on"
---
# an old kind, reported at its kind
apiVersion: v1
kind: Endpoints
metadata:
  name: legacy
subsets: []
---
apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: p}
spec:
  matchConstraints:
    resourceRules:
      - apiGroups: ["apps"]
        apiVersions: ["v1"]
        operations:
          - CREATE # new objects
          - DELETE # cannot be mutated
        resources: ["deployments"]
  mutations:
    - patchType: JSONPatch
      jsonPatch: {expression: '[JSONPatch{op: "add", path: "/metadata/labels/a", value: "b"}]'}
  reinvocationPolicy: Never
`;
const TAB_LINE = '#\tthis tab sends the copy to the reader of record\n';

describe('a file read values first, through the CLI', () => {
  const files = { 'first.yaml': text, 'record.yaml': text + TAB_LINE };

  it('reads one copy values first and the other with the reader of record (the premise of the others)', () => {
    expect(SourceFile.fromText('first.yaml', text).documents.map((d) => d.composedBy)).toEqual(['loader', 'loader', 'loader']);
    expect(SourceFile.fromText('record.yaml', text + TAB_LINE).documents.every((d) => d.composedBy !== 'loader')).toBe(true);
  });

  it('has the findings of the reader of record, at the same lines and columns', () => {
    const { report } = lintJson(['first.yaml', 'record.yaml'], { cwd: tempDir(files) });
    const [first, record] = ['first.yaml', 'record.yaml'].map(
      (name) => report.files.find((f) => f.path.endsWith(name))?.diagnostics,
    );
    expect(first?.map((d) => d.ruleId)).toEqual(expect.arrayContaining(['endpoints/deprecated']));
    expect(first?.some((d) => d.document === 2 && d.fix)).toBe(true);
    expect(first).toEqual(record);
  });

  it('has the SARIF regions of the reader of record', () => {
    const dir = tempDir(files);
    const regions = (name: string): unknown => {
      const sarif = JSON.parse(runCli(['lint', '--format', 'sarif', name], { cwd: dir }).stdout) as {
        runs: { results: { ruleId: string; locations: { physicalLocation: { region: unknown } }[] }[] }[];
      };
      return sarif.runs[0]?.results.map((r) => [r.ruleId, r.locations[0]?.physicalLocation.region]);
    };
    expect(regions('first.yaml')).toEqual(regions('record.yaml'));
    expect(regions('first.yaml')).not.toEqual([]);
  });

  it('is fixed as the reader of record fixes it', () => {
    const dir = tempDir(files);
    const r = runCli(['lint', '--fix', 'first.yaml', 'record.yaml'], { cwd: dir });
    expect(r.stderr).toBe('');
    const fixed = readFileSync(join(dir, 'first.yaml'), 'utf8');
    expect(fixed).not.toBe(text);
    expect(fixed).not.toContain('DELETE');
    expect(fixed + TAB_LINE).toBe(readFileSync(join(dir, 'record.yaml'), 'utf8'));
  });
});
