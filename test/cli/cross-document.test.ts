import { afterAll, describe, expect, it } from 'vitest';
import { flowSchema as schema, level } from '../cross-document-manifests.js';
import { allDiagnostics, lintJson, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

describe('rules that look across documents', () => {
  // Enough files for a parallel run; the priority level sits in one file, the schemas in others.
  const files: Record<string, string> = { 'a-level.yaml': level('team-level') };
  for (let i = 0; i < 300; i++)
    files[`schema-${String(i).padStart(3, '0')}.yaml`] = schema(`schema-${i}`, i === 150 ? 'no-such-level' : 'team-level');
  const dir = tempDir(files);

  it('see every file of a parallel run, whichever thread reads it', () => {
    const parallel = lintJson(['.', '--workers', '2'], { cwd: dir });
    const missing = allDiagnostics(parallel.report).filter((d) => d.ruleId === 'flowschema/priority-level-exists');
    expect(missing.map((d) => d.file)).toEqual(['schema-150.yaml']);
    const serial = lintJson(['.', '--workers', '1'], { cwd: dir });
    expect(parallel.stdout).toBe(serial.stdout);
  });
});
