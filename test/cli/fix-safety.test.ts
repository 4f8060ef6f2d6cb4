// `--fix` through the real CLI (issue 11, items 8 and 9): the smallest edit, comments and
// list style kept, and files written only when they still hold the linted text, atomically,
// keeping their mode; a file that cannot be fixed is reported and the run goes on.
import { spawn } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE, manifests, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const policy = (operations: string): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: p}
spec:
  matchConstraints:
    resourceRules:
      - apiGroups: ["apps"]
        apiVersions: ["v1"]
        # which operations
        operations:
${operations}
        resources: ["deployments"]
  mutations:
    - patchType: JSONPatch
      jsonPatch: {expression: '[JSONPatch{op: "add", path: "/metadata/labels/a", value: "b"}]'}
  reinvocationPolicy: Never
`;

describe('platlint lint --fix', () => {
  it('removes one block-list item by its line, keeping the style and every other comment', () => {
    const dir = tempDir({ 'p.yaml': policy('          - CREATE # new objects\n          - DELETE # cannot be mutated\n          # updates too\n          - UPDATE\n') });
    const r = runCli(['lint', '--fix', 'p.yaml'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(readFileSync(join(dir, 'p.yaml'), 'utf8')).toBe(policy('          - CREATE # new objects\n          # updates too\n          - UPDATE\n'));
  });

  it('removes the entries beside a lone "*" one by one: block lists keep their style and the other comments, flow lists their brackets', () => {
    const flowSchema = (verbs: string, apiGroups: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: FlowSchema
metadata: {name: team-a}
spec:
  priorityLevelConfiguration: {name: workload-low}
  rules:
    - subjects: [{kind: Group, group: {name: team-a}}]
      resourceRules:
        - verbs:
            # reads first
${verbs}
          apiGroups: ${apiGroups}  # groups
          resources: ["*"]
          clusterScope: true
`;
    const dir = tempDir({
      'p.yaml': policy('          - CREATE # new objects\n          - "*"    # all of them\n          # updates too\n          - UPDATE\n'),
      'fs.yaml': flowSchema('            - get   # one verb\n            - list\n            - "*"   # every verb', '[apps, "", "*", batch]'),
    });
    const r = runCli(['lint', '--fix', 'p.yaml', 'fs.yaml'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readFileSync(join(dir, 'p.yaml'), 'utf8')).toBe(policy('          - "*"    # all of them\n          # updates too\n'));
    expect(readFileSync(join(dir, 'fs.yaml'), 'utf8')).toBe(flowSchema('            - "*"   # every verb', '["*"]'));
  });

  it('quotes a replacement string that would not read back as itself, so the fixed file is still YAML', () => {
    const tracing = (endpoint: string): string => `apiVersion: apiserver.plat.io/v1beta1\nkind: TracingConfiguration\nendpoint: ${endpoint}  # collector\n`;
    const dir = tempDir({ 't.yaml': tracing('http://[::1]:4317') });
    const r = runCli(['lint', '--fix', 't.yaml'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readFileSync(join(dir, 't.yaml'), 'utf8')).toBe(tracing('"[::1]:4317"'));
  });

  it('reports a read-only file, fixes the others, and keeps each file\'s mode', () => {
    const dir = tempDir({ 'locked.yaml': manifests.fixableEnum, 'open.yaml': manifests.fixableEnum });
    chmodSync(join(dir, 'locked.yaml'), 0o444);
    chmodSync(join(dir, 'open.yaml'), 0o640);
    const r = runCli(['lint', '--fix', 'locked.yaml', 'open.yaml'], { cwd: dir });
    expect(r.signal).toBeNull();
    expect(r.stderr).toContain('locked.yaml: it is read-only (mode 0444); not fixed');
    expect(readFileSync(join(dir, 'locked.yaml'), 'utf8')).toBe(manifests.fixableEnum);
    expect(readFileSync(join(dir, 'open.yaml'), 'utf8')).toBe(manifests.fixableEnum.replace('type: recreate', 'type: Recreate'));
    expect(statSync(join(dir, 'open.yaml')).mode & 0o777).toBe(0o640);
    // The write went through a temporary file, and none is left behind.
    expect(readdirSync(dir).sort()).toEqual(['locked.yaml', 'open.yaml']);
  });

  it('never corrupts a file that is rewritten while the run goes on', async () => {
    // Two versions whose fixable value sits at different offsets: a fix computed on one and
    // applied to the other would garble the text.
    const a = manifests.fixableEnum;
    const b = manifests.fixableEnum.replace('  name: web\n', '  name: web\n  labels: {team: payments, tier: backend}\n');
    const files: Record<string, string> = { 'target.yaml': a };
    // Enough other files that the run takes a while.
    for (let i = 0; i < 150; i++) files[`other-${i}.yaml`] = manifests.validDeployment(`app${i}`);
    const dir = tempDir(files);
    const target = join(dir, 'target.yaml');
    const child = spawn(process.execPath, [BUNDLE, 'lint', '--fix', '--workers', '1', '.'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let running = true;
    void exited.then(() => (running = false));
    // Bounded: at most 2,000 rewrites, alternating the two versions.
    for (let n = 0; running && n < 2000; n++) {
      writeFileSync(target, n % 2 === 0 ? b : a);
      await new Promise((r) => setTimeout(r, 2));
    }
    await exited;
    const final = readFileSync(target, 'utf8');
    const fixed = (t: string): string => t.replace('type: recreate', 'type: Recreate');
    expect([a, b, fixed(a), fixed(b)]).toContain(final);
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 120_000);
});
