// Inline suppression comments, through the real CLI.
import { afterAll, describe, expect, it } from 'vitest';
import { lintJson, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const deployment = (name: string, spec: string, before = ''): string => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
${before}spec:
${spec}  selector:
    matchLabels: {app: x}
  template:
    metadata:
      labels: {app: x}
    spec:
      containers:
        - name: x
          image: x
`;

const found = (text: string, args: string[] = []): string[] => {
  const dir = tempDir({ 'm.yaml': text });
  const { report } = lintJson([...args, 'm.yaml'], { cwd: dir });
  // Sorted: the order of findings within a file is not part of the contract.
  return report.files[0]!.diagnostics.map((d) => `${d.document}:${d.range.start.line}:${d.ruleId}:${d.severity}`).sort();
};

describe('inline suppressions', () => {
  it('the unsuppressed findings the tests below hide', () => {
    expect(found(deployment('a', '  replicaz: 3\n'))).toEqual(['0:6:schema/unknown-field:error']);
  });

  it('# platlint-disable-next-line RULE -- reason hides that rule on the next line only', () => {
    const text = deployment(
      'a',
      '  # platlint-disable-next-line schema/unknown-field -- legacy field, removed next release\n  replicaz: 3\n  replicaz2: 3\n',
    );
    expect(found(text)).toEqual(['0:8:schema/unknown-field:error']);
  });

  it('a disable-next-line for another rule hides nothing and is reported unused', () => {
    const text = deployment('a', '  # platlint-disable-next-line schema/enum -- wrong rule\n  replicaz: 3\n');
    expect(found(text)).toEqual(['0:6:suppression/unused:warning', '0:7:schema/unknown-field:error']);
  });

  it('without a rule id, the comment hides every rule on the next line', () => {
    const text = deployment('a', '  # platlint-disable-next-line -- anything goes\n  replicaz: 3\n');
    expect(found(text)).toEqual([]);
  });

  it('several rules can be named, separated by commas', () => {
    const text = deployment(
      'a',
      '  strategy:\n    # platlint-disable-next-line schema/enum, schema/unknown-field -- both\n    type: Rolling\n',
    );
    expect(found(text)).toEqual([]);
  });

  it('# platlint-disable-line RULE hides findings on its own line', () => {
    const text = deployment(
      'a',
      '  strategy:\n    type: Rolling # platlint-disable-line schema/enum -- migrating\n  replicaz: 2\n',
    );
    expect(found(text)).toEqual(['0:8:schema/unknown-field:error']);
  });

  it('# platlint-disable RULE -- reason covers the rest of its document, not what comes before, not the next document', () => {
    const first = deployment(
      'one',
      '  replicaz: 3\n  template2: {}\n',
      '  labelz: {}\n# platlint-disable schema/unknown-field -- generated section\n',
    );
    const second = deployment('two', '  replicaz: 3\n');
    const text = `${first}---\n${second}`;
    // Lines: document 0 has `labelz` on line 5 (before the comment); document 1 starts on line 20.
    expect(found(text)).toEqual(['0:5:schema/unknown-field:error', '1:25:schema/unknown-field:error']);
  });

  it('an unused suppression is a suppression/unused warning at the comment', () => {
    const dir = tempDir({
      'm.yaml': deployment('a', '  # platlint-disable-next-line schema/enum -- nothing to hide here\n  replicas: 3\n'),
    });
    const { status, report } = lintJson(['m.yaml'], { cwd: dir });
    expect(status).toBe(0);
    const [d, ...rest] = report.files[0]!.diagnostics;
    expect(rest).toEqual([]);
    expect(d).toMatchObject({
      ruleId: 'suppression/unused',
      severity: 'warning',
      document: 0,
      range: { start: { line: 6, column: 3 } },
    });
    expect(d!.message).toContain('schema/enum');
  });

  it('suppression/unused follows the configuration like any rule', () => {
    const text = deployment('a', '  # platlint-disable-next-line schema/enum -- nothing to hide here\n  replicas: 3\n');
    expect(found(text, ['--rule', 'suppression/unused=off'])).toEqual([]);
    expect(found(text, ['--rule', 'suppression/unused=error'])).toEqual(['0:6:suppression/unused:error']);
  });

  it('a suppression does not hide findings of a different document on the next line', () => {
    // The comment closes document 0; the next line starts document 1, which is a list.
    const text = `${deployment('a', '')}# platlint-disable schema/unknown-field -- only this document\n---\n${deployment('b', '  replicaz: 1\n')}`;
    expect(found(text)).toEqual(['0:15:suppression/unused:warning', '1:22:schema/unknown-field:error']);
  });
});
