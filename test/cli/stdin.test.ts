// Standard input ("-") beyond the basics: its problems are diagnosed like a file's.
import { afterAll, describe, expect, it } from 'vitest';
import { lintJson, manifests, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

describe('standard input', () => {
  it('empty input is a file/empty warning', () => {
    const r = lintJson(['-'], { input: '' });
    expect(r.status).toBe(0);
    expect(r.report.files[0]!.diagnostics.map((d) => d.ruleId)).toEqual(['file/empty']);
  });

  it('multi-document input keeps document indexes', () => {
    const r = lintJson(['-'], { input: `${manifests.validDeployment('a')}---\n${manifests.fixableEnum}` });
    expect(r.report.files[0]!.diagnostics.map((d) => [d.document, d.ruleId, d.range.start.line])).toEqual([
      [1, 'schema/enum', 28],
    ]);
    expect(r.report.summary.documents).toBe(2);
  });

  // Bug: standard input is decoded with Buffer#toString('utf8'), which silently replaces bad
  // bytes (and passes NUL bytes on), so stdin never gets the file/encoding diagnostic files get.
  it('invalid UTF-8 on standard input is a file/encoding error, as it is for a file', () => {
    const input = Buffer.concat([
      Buffer.from('apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: caf'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('\n'),
    ]);
    const r = lintJson(['-'], { input });
    expect(r.status).toBe(1);
    expect(r.report.files[0]!.diagnostics.map((d) => d.ruleId)).toEqual(['file/encoding']);
  });

  it('binary standard input is a file/encoding error, as it is for a file', () => {
    const r = lintJson(['-'], { input: Buffer.from([0x61, 0x3a, 0x20, 0x00, 0x01, 0x02, 0x0a]) });
    expect(r.status).toBe(1);
    expect(r.report.files[0]!.diagnostics.map((d) => d.ruleId)).toEqual(['file/encoding']);
  });
});
