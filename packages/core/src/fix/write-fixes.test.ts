import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { afterEach, describe, expect, it } from 'vitest';
import { textDigest, writeFixes } from './write-fixes.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function file(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-fix-'));
  dirs.push(dir);
  const path = join(dir, 'm.yaml');
  writeFileSync(path, text);
  return path;
}

const linted = 'kind: Thing\ntype: recreate\n';
// Replaces `recreate` (line 2, columns 7-15) with `Recreate`.
const fixes: Diagnostic[] = [
  {
    ruleId: 'schema/enum',
    severity: 'error',
    message: 'm',
    document: 0,
    path: 'type',
    range: { start: { line: 2, column: 7 }, end: { line: 2, column: 15 } },
    fix: { range: { start: { line: 2, column: 7 }, end: { line: 2, column: 15 } }, text: 'Recreate' },
  },
];

describe('writeFixes', () => {
  it('writes the fixed text when the file still holds the linted text', () => {
    const path = file(linted);
    expect(writeFixes(path, fixes, textDigest(linted))).toEqual({ written: true, applied: 1 });
    expect(readFileSync(path, 'utf8')).toBe('kind: Thing\ntype: Recreate\n');
  });

  it('leaves a file alone that changed after it was linted', () => {
    const edited = 'kind: Thing\n# a new comment line\ntype: recreate\n';
    const path = file(edited);
    expect(writeFixes(path, fixes, textDigest(linted))).toMatchObject({
      written: false,
      problem: expect.stringContaining('changed after it was linted'),
    });
    expect(readFileSync(path, 'utf8')).toBe(edited);
  });

  it('reports a file deleted meanwhile instead of throwing', () => {
    const path = file(linted);
    unlinkSync(path);
    expect(writeFixes(path, fixes, textDigest(linted))).toMatchObject({
      written: false,
      problem: expect.stringContaining('ENOENT'),
    });
    expect(readdirSync(join(path, '..'))).toEqual([]);
  });
});
