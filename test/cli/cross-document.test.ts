import { afterAll, describe, expect, it } from 'vitest';
import { allDiagnostics, lintJson, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const level = (name: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: PriorityLevelConfiguration
metadata: {name: ${name}}
spec:
  type: Limited
  limited:
    nominalConcurrencyShares: 10
    limitResponse: {type: Reject}
`;

const schema = (name: string, levelName: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: FlowSchema
metadata: {name: ${name}}
spec:
  priorityLevelConfiguration: {name: ${levelName}}
  matchingPrecedence: 500
  rules:
  - subjects: [{kind: Group, group: {name: team}}]
    resourceRules: [{verbs: [get], apiGroups: [""], resources: [pods], namespaces: ["*"]}]
`;

describe('rules that look across documents', () => {
  // Enough files for a parallel run; the priority level sits in one file, the schemas in others.
  const files: Record<string, string> = { 'a-level.yaml': level('team-level') };
  for (let i = 0; i < 300; i++) files[`schema-${String(i).padStart(3, '0')}.yaml`] = schema(`schema-${i}`, i === 150 ? 'no-such-level' : 'team-level');
  const dir = tempDir(files);

  it('see every file of a parallel run, whichever thread reads it', () => {
    const parallel = lintJson(['.', '--workers', '2'], { cwd: dir });
    const missing = allDiagnostics(parallel.report).filter((d) => d.ruleId === 'flowschema/priority-level-exists');
    expect(missing.map((d) => d.file)).toEqual(['schema-150.yaml']);
    const serial = lintJson(['.', '--workers', '1'], { cwd: dir });
    expect(parallel.stdout).toBe(serial.stdout);
  });
});
