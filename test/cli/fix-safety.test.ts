// `--fix` through the real CLI (issue 11, items 8 and 9): the smallest edit, comments and
// list style kept, and files written only when they still hold the linted text, atomically,
// keeping their mode; a file that cannot be fixed is reported and the run goes on.
import { spawn } from 'node:child_process';
import { chmodSync, lstatSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
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
    const dir = tempDir({
      'p.yaml': policy(
        '          - CREATE # new objects\n          - DELETE # cannot be mutated\n          # updates too\n          - UPDATE\n',
      ),
    });
    const r = runCli(['lint', '--fix', 'p.yaml'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(readFileSync(join(dir, 'p.yaml'), 'utf8')).toBe(
      policy('          - CREATE # new objects\n          # updates too\n          - UPDATE\n'),
    );
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
      'p.yaml': policy(
        '          - CREATE # new objects\n          - "*"    # all of them\n          # updates too\n          - UPDATE\n',
      ),
      'fs.yaml': flowSchema(
        '            - get   # one verb\n            - list\n            - "*"   # every verb',
        '[apps, "", "*", batch]',
      ),
    });
    const r = runCli(['lint', '--fix', 'p.yaml', 'fs.yaml'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readFileSync(join(dir, 'p.yaml'), 'utf8')).toBe(policy('          - "*"    # all of them\n          # updates too\n'));
    expect(readFileSync(join(dir, 'fs.yaml'), 'utf8')).toBe(flowSchema('            - "*"   # every verb', '["*"]'));
  });

  it('quotes a replacement string that would not read back as itself, so the fixed file is still YAML', () => {
    const tracing = (endpoint: string): string =>
      `apiVersion: apiserver.plat.io/v1beta1\nkind: TracingConfiguration\nendpoint: ${endpoint}  # collector\n`;
    const dir = tempDir({ 't.yaml': tracing('http://[::1]:4317') });
    const r = runCli(['lint', '--fix', 't.yaml'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readFileSync(join(dir, 't.yaml'), 'utf8')).toBe(tracing('"[::1]:4317"'));
  });

  it("reports a read-only file, fixes the others, and keeps each file's mode", () => {
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
    const child = spawn(process.execPath, [BUNDLE, 'lint', '--fix', '--workers', '1', '.'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
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

// Issue 23, item 15: a fix follows a link to its target, never replaces the link, and never
// writes to a file whose real path lies outside the real paths named on the command line.
describe('platlint lint --fix and symbolic links', () => {
  const fixed = manifests.fixableEnum.replace('type: recreate', 'type: Recreate');

  it('leaves a file link and a directory link that lead outside the named paths alone, says so, and fixes the rest', () => {
    const dir = tempDir({
      'outside/target.yaml': manifests.fixableEnum,
      'outside/dir/inner.yaml': manifests.fixableEnum,
      'repo/own.yaml': manifests.fixableEnum,
    });
    symlinkSync('../outside/target.yaml', join(dir, 'repo/link.yaml'));
    symlinkSync('../outside/dir', join(dir, 'repo/dirlink'));
    for (const named of ['repo', 'repo/**/*.yaml']) {
      writeFileSync(join(dir, 'repo/own.yaml'), manifests.fixableEnum);
      const r = runCli(['lint', '--fix', named], { cwd: dir });
      expect(r.signal).toBeNull();
      expect(r.stderr).toContain(
        `platlint: repo/link.yaml: it leads to ${join(dir, 'outside/target.yaml')}, outside the paths given; not fixed`,
      );
      expect(r.stderr).toContain(
        `platlint: repo/dirlink/inner.yaml: it leads to ${join(dir, 'outside/dir/inner.yaml')}, outside the paths given; not fixed`,
      );
      // Said once, though the run makes a second pass after fixing own.yaml.
      expect(r.stderr.split('repo/link.yaml').length).toBe(2);
      expect(readFileSync(join(dir, 'outside/target.yaml'), 'utf8')).toBe(manifests.fixableEnum);
      expect(readFileSync(join(dir, 'outside/dir/inner.yaml'), 'utf8')).toBe(manifests.fixableEnum);
      expect(readlinkSync(join(dir, 'repo/link.yaml'))).toBe('../outside/target.yaml');
      expect(readlinkSync(join(dir, 'repo/dirlink'))).toBe('../outside/dir');
      expect(readFileSync(join(dir, 'repo/own.yaml'), 'utf8')).toBe(fixed);
    }
  });

  it('fixes the target of a link inside the tree once, and the link stays a link', () => {
    const dir = tempDir({ 'repo/real.yaml': manifests.fixableEnum });
    symlinkSync('real.yaml', join(dir, 'repo/alias.yaml'));
    const r = runCli(['lint', '--fix', 'repo'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(lstatSync(join(dir, 'repo/alias.yaml')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'repo/real.yaml'), 'utf8')).toBe(fixed);
    expect(readdirSync(join(dir, 'repo')).sort()).toEqual(['alias.yaml', 'real.yaml']);
  });

  it('fixes the target of a link named on the command line itself (its real path is what was named), keeping the link', () => {
    const dir = tempDir({ 'outside/target.yaml': manifests.fixableEnum, 'repo/keep.txt': '' });
    symlinkSync('../outside/target.yaml', join(dir, 'repo/link.yaml'));
    const r = runCli(['lint', '--fix', 'repo/link.yaml'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readlinkSync(join(dir, 'repo/link.yaml'))).toBe('../outside/target.yaml');
    expect(readFileSync(join(dir, 'outside/target.yaml'), 'utf8')).toBe(fixed);
  });
});
