// Files that are not clean YAML manifests: syntax errors, duplicate keys, tabs, empty,
// binary and non-UTF-8 files, non-mapping documents, alias bombs and big files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintJson, manifests, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const lintOne = (content: string | Buffer, args: string[] = [], timeout?: number): ReturnType<typeof lintJson> => {
  const dir = tempDir({ 'm.yaml': content });
  return lintJson([...args, 'm.yaml'], { cwd: dir, timeout });
};

const brief = (r: ReturnType<typeof lintJson>): string[] =>
  r.report.files.flatMap((f) =>
    f.diagnostics.map((d) => `${d.document}:${d.range.start.line}:${d.range.start.column}:${d.ruleId}`),
  );

describe('YAML problems', () => {
  it('a syntax error in one document still lets the others be linted', () => {
    const text = `apiVersion: v1
kind: Endpoints
metadata:
  name: first
subsetz: []
---
apiVersion: v1
kind: Endpoints
metadata: {name: [unclosed
---
${manifests.validDeployment('third').replace('  replicas: 2', '  replicaz: 2')}`;
    const r = lintOne(text, ['--rule', 'endpoints/deprecated=off']);
    expect(r.status).toBe(1);
    const found = brief(r);
    expect(found[0]).toBe('0:5:1:schema/unknown-field');
    expect(found.at(-1)).toBe('2:16:3:schema/unknown-field');
    const syntax = r.report.files[0]!.diagnostics.filter((d) => d.ruleId === 'yaml/syntax');
    expect(syntax.length).toBeGreaterThanOrEqual(1);
    for (const d of syntax) {
      expect(d.document).toBe(1);
      expect(d.severity).toBe('error');
      expect(d.range.start.line).toBeGreaterThanOrEqual(9);
      expect(d.range.start.line).toBeLessThanOrEqual(10);
    }
    expect(r.report.summary.documents).toBe(3);
  });

  it('a duplicate key is a yaml/duplicate-key error at the second key', () => {
    const text = manifests.validDeployment().replace('  name: web\n', '  name: web\n  name: web2\n');
    const r = lintOne(text);
    expect(r.status).toBe(1);
    expect(brief(r)).toEqual(['0:5:3:yaml/duplicate-key']);
  });

  it('a duplicate key is reported at its path and the rest of the document is still checked', () => {
    const text = manifests.validDeployment().replace('  name: web\n', '  name: web\n  name: web2\n  lables: {a: b}\n');
    const r = lintOne(text);
    expect(r.status).toBe(1);
    expect(r.report.files[0]!.diagnostics.map((d) => [d.ruleId, d.path])).toEqual([
      ['yaml/duplicate-key', 'metadata.name'],
      ['schema/unknown-field', 'metadata.lables'],
    ]);
  });

  it('a tab used for indentation is a yaml/tab-indent error', () => {
    const r = lintOne('apiVersion: apps/v1\nkind: Deployment\nmetadata:\n\tname: tabbed\n');
    expect(r.status).toBe(1);
    expect(brief(r)).toContain('0:4:1:yaml/tab-indent');
  });

  it('an empty file is a file/empty warning, not a crash', () => {
    for (const empty of ['', '\n\n', '   \n']) {
      const r = lintOne(empty);
      expect(r.status).toBe(0);
      expect(r.report.files[0]!.diagnostics.map((d) => [d.ruleId, d.severity])).toEqual([['file/empty', 'warning']]);
      expect(r.report.summary.documents).toBe(0);
    }
  });

  it('a binary file (NUL bytes) is a file/encoding error', () => {
    const r = lintOne(Buffer.from([0x61, 0x70, 0x69, 0x3a, 0x20, 0x00, 0x01, 0x02, 0x89, 0x50, 0x4e, 0x47, 0x0a]));
    expect(r.status).toBe(1);
    expect(r.report.files[0]!.diagnostics).toEqual([
      expect.objectContaining({ ruleId: 'file/encoding', severity: 'error', document: 0 }),
    ]);
    expect(r.report.files[0]!.diagnostics[0]!.message).toMatch(/binary|NUL/i);
  });

  it('invalid UTF-8 in the middle of a file is a file/encoding error naming the byte', () => {
    const head = Buffer.from('apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: caf');
    const r = lintOne(Buffer.concat([head, Buffer.from([0xff, 0xfe]), Buffer.from('\n')]));
    expect(r.status).toBe(1);
    const [d] = r.report.files[0]!.diagnostics;
    expect(d).toMatchObject({ ruleId: 'file/encoding', severity: 'error' });
    expect(d!.message).toMatch(/UTF-8/);
    expect(d!.message).toMatch(/0xff/i);
    expect(r.report.files[0]!.diagnostics).toHaveLength(1);
  });

  it('a UTF-8 byte-order mark is accepted', () => {
    const r = lintOne(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(manifests.validDeployment())]));
    expect(r.status).toBe(0);
    expect(brief(r)).toEqual([]);
  });

  it('a document that is a bare list of objects gets document/not-mapping; a list or scalar holding none is not a manifest', () => {
    const r = lintOne(
      `- apiVersion: v1\n  kind: ConfigMap\n---\n- a\n- b\n---\njust a string\n---\n${manifests.validDeployment()}`,
    );
    expect(r.status).toBe(1);
    expect(r.report.files[0]!.diagnostics.map((d) => [d.document, d.ruleId, d.severity])).toEqual([
      [0, 'document/not-mapping', 'error'],
      [1, 'document/not-manifest', 'info'],
    ]);
    expect(r.report.files[0]!.diagnostics[0]!.message).toMatch(/list/);
  });

  it('anchors and aliases work', () => {
    const text = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: &labels
    app: web
spec:
  selector:
    matchLabels: *labels
  template:
    metadata:
      labels: *labels
    spec:
      containers:
        - name: web
          image: nginx:1.27
`;
    const r = lintOne(text);
    expect(r.status).toBe(0);
    expect(brief(r)).toEqual([]);
  });

  it('an alias to no anchor is a yaml/syntax error at the alias, on the fast path and the fallback alike', () => {
    // go-yaml v2 (decode.go, parser.alias) refuses the document; read as null, the fields looked absent.
    const text = manifests
      .validDeployment()
      .replace('  name: web\n', '  name: web\n  labels: *nope\n')
      .replace('  replicas: 2', '  replicas: *count');
    for (const [variant, content] of [
      ['fast', text],
      ['fallback (a tab in a comment)', `${text}#\tnote\n`],
    ]) {
      const r = lintOne(content as string);
      expect(r.status, variant).toBe(1);
      const found = r.report.files[0]!.diagnostics;
      expect(
        found.map((d) => [d.ruleId, d.document, d.range.start.line, d.range.start.column, d.range.end.column]),
        variant,
      ).toEqual([['yaml/syntax', 0, 5, 11, 16]]);
      expect(found[0]!.message).toMatch(/^alias \*nope refers to no anchor/);
    }
  });

  it('an alias inside the node its anchor marks is a yaml/syntax error, not a stack overflow', () => {
    const r = lintOne(manifests.validDeployment().replace('  name: web\n', '  name: web\n  labels: &self {a: *self}\n'));
    expect(r.status).toBe(1);
    expect(r.stdout).not.toMatch(/RangeError|call stack/);
    expect(r.report.files[0]!.diagnostics).toEqual([
      expect.objectContaining({
        ruleId: 'yaml/syntax',
        message: expect.stringMatching(/^alias \*self stands inside the node anchored &self/),
        range: { start: { line: 5, column: 21 }, end: { line: 5, column: 26 } },
      }),
    ]);
  });

  // go-yaml v2, scannerc.go read_line: a lone CR is a line break, as CRLF and LF are.
  it('a file with CR-only or mixed line breaks is read as the platform reads it, findings on their lines', () => {
    const lf = manifests.validDeployment().replace('  replicas: 2', '  replicaz: 2');
    const mixed = lf
      .split('\n')
      .map((line, i) => line + ['\r', '\n', '\r\n'][i % 3])
      .join('');
    for (const [variant, text] of [
      ['CR only', lf.replaceAll('\n', '\r')],
      ['mixed', mixed],
      ['CR only, read by yaml', lf.replaceAll('\n', '\r').replace('kind: Deployment', 'kind: Deployment #\tnote')],
    ]) {
      const r = lintOne(text as string);
      expect(r.status, variant).toBe(1);
      expect(
        r.report.files[0]!.diagnostics.map((d) => [
          d.ruleId,
          d.path,
          d.range.start.line,
          d.range.start.column,
          d.range.end.column,
        ]),
        variant,
      ).toEqual([['schema/unknown-field', 'spec.replicaz', 6, 3, 11]]);
    }
  });

  it('--fix on a CR-only file edits the right line and keeps its line breaks', () => {
    const text = manifests.fixableEnum.replaceAll('\n', '\r');
    const dir = tempDir({ 'm.yaml': text });
    const r = runCli(['lint', '--fix', 'm.yaml'], { cwd: dir });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'm.yaml'), 'utf8')).toBe(text.replace('type: recreate', 'type: Recreate'));
  });

  // sigs.k8s.io/yaml over go-yaml v2: !!binary becomes the decoded bytes, !!timestamp its own text (decode.go, decoder.scalar).
  it('!!binary and !!timestamp values in string fields are the strings the platform reads, and bad ones are refused at the tag', () => {
    const tagged = (name: string, when: string): string =>
      `apiVersion: v1\nkind: Event\nmetadata:\n  name: ${name}\n  annotations: {when: ${when}}\ninvolvedObject: {kind: Pod, name: p}\n`;
    const good = lintOne(tagged('!!binary ZQ==', '!!timestamp 2024-01-01T00:00:00Z'));
    expect(good.report.files[0]!.diagnostics).toEqual([]);
    expect(good.status).toBe(0);
    // The decoded text is what the rules check.
    const decoded = lintOne(manifests.validDeployment().replace('  name: web', '  name: !!binary V2ViIQ=='));
    expect(decoded.report.files[0]!.diagnostics.map((d) => [d.ruleId, d.path, d.message])).toEqual([
      ['metadata/name-format', 'metadata.name', expect.stringContaining('"Web!"')],
    ]);
    const bad = lintOne(tagged('!!binary ZQ', '!!timestamp 2024-02-30'));
    expect(bad.status).toBe(1);
    expect(bad.report.files[0]!.diagnostics.map((d) => [d.ruleId, d.range.start.line, d.range.start.column])).toEqual([
      ['yaml/syntax', 4, 9],
      ['yaml/syntax', 5, 23],
    ]);
  });

  it('a "billion laughs" alias bomb is a yaml/alias-limit error and the process exits promptly', () => {
    const levels = 'abcdefghij'.split('');
    const lines = [
      'apiVersion: v1',
      'kind: Event',
      'metadata:',
      '  name: lol',
      `${levels[0]}: &${levels[0]} ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]`,
    ];
    for (let i = 1; i < levels.length; i++)
      lines.push(
        `${levels[i]}: &${levels[i]} [${Array(10)
          .fill(`*${levels[i - 1]}`)
          .join(',')}]`,
      );
    const r = lintOne(`${lines.join('\n')}\n`, [], 30_000);
    expect(r.signal).toBeNull();
    expect(r.status).toBe(1);
    expect(r.ms).toBeLessThan(20_000);
    expect(r.report.files[0]!.diagnostics.map((d) => [d.ruleId, d.severity])).toContainEqual(['yaml/alias-limit', 'error']);
  });

  it('a 5 MB file of many documents is linted whole, with the right document index at the end', () => {
    const docs: string[] = [];
    let size = 0;
    for (let i = 0; size < 5 * 1024 * 1024; i++) {
      const doc = manifests.validDeployment(`app-${i}`);
      docs.push(doc);
      size += doc.length + 4;
    }
    const last = docs.length;
    docs.push(manifests.validDeployment(`app-${last}`).replace('  replicas: 2', '  replicaz: 2'));
    const text = docs.join('---\n');
    expect(text.length).toBeGreaterThan(5 * 1024 * 1024);
    const r = lintOne(text, [], 120_000);
    expect(r.status).toBe(1);
    expect(r.report.summary.documents).toBe(docs.length);
    const expectedLine = text.split('\n').findIndex((l) => l === '  replicaz: 2') + 1;
    expect(r.report.files[0]!.diagnostics).toEqual([
      expect.objectContaining({
        ruleId: 'schema/unknown-field',
        document: last,
        path: 'spec.replicaz',
        range: { start: { line: expectedLine, column: 3 }, end: { line: expectedLine, column: 11 } },
      }),
    ]);
  }, 150_000);

  it('a kind outside the catalog is reported once as info and otherwise skipped', () => {
    const r = lintOne('apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  whatever: [1, 2]\n');
    expect(r.status).toBe(0);
    expect(r.report.files[0]!.diagnostics.map((d) => [d.ruleId, d.severity])).toEqual([['document/unknown-kind', 'info']]);
  });
});
