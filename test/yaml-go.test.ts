// The YAML the platform reads, as the platform reads it: for every real-world file and
// example that is a manifest, platlint reports a YAML error (yaml/syntax, yaml/tab-indent,
// yaml/alias-limit) exactly when the platform's own reader refuses the file. The reader is
// go-yaml v2, the one sigs.k8s.io/yaml forks for the server and kubectl (test/go-yaml, built
// with Debian's Go and go-yaml, which .ci/run installs). Without them the test is skipped,
// except in CI, where a missing Go is a failure rather than a silent pass.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, lintJson, removeTempDirs, tempDir } from './cli/helpers.js';

afterAll(removeTempDirs);

const GO_PATH = '/usr/share/gocode';
const haveGo = spawnSync('go', ['version']).status === 0 && existsSync(join(GO_PATH, 'src/gopkg.in/yaml.v2'));
const YAML_ERRORS = new Set(['yaml/syntax', 'yaml/tab-indent', 'yaml/alias-limit']);
// Files platlint skips as another tool's: their YAML is that tool's business.
const SKIPPED = new Set(['document/not-manifest', 'file/helm-template']);

function buildReader(): string {
  const work = tempDir();
  const reader = join(work, 'go-yaml');
  execFileSync('go', ['build', '-o', reader, '.'], {
    cwd: join(REPO_ROOT, 'test/go-yaml'),
    env: { ...process.env, GOPATH: GO_PATH, GO111MODULE: 'off', GOFLAGS: '', GOCACHE: join(work, 'go-cache') },
  });
  return reader;
}

describe.skipIf(!haveGo && !process.env.CI)("YAML errors agree with the platform's reader (go-yaml v2)", () => {
  it.each([['test/corpus/realworld'], ['examples']])(
    'on every manifest file of %s',
    (dir) => {
      expect(haveGo, "CI needs Debian's golang-go and golang-gopkg-yaml.v2-dev (.ci/run installs them)").toBe(true);
      const reader = buildReader();
      const { report } = lintJson([dir, '--workers', '1'], { cwd: REPO_ROOT, timeout: 120_000 });
      const ours = new Map<string, boolean>();
      for (const file of report.files) {
        if (file.diagnostics.some((d) => SKIPPED.has(d.ruleId))) continue;
        ours.set(
          file.path,
          file.diagnostics.some((d) => d.severity === 'error' && YAML_ERRORS.has(d.ruleId)),
        );
      }
      const verdicts = execFileSync(reader, {
        cwd: REPO_ROOT,
        input: [...ours.keys()].join('\n'),
        maxBuffer: 1 << 26,
      }).toString();
      const disagreements: string[] = [];
      for (const line of verdicts.trim().split('\n')) {
        const [path = '', verdict = ''] = line.split('\t');
        const refused = verdict !== 'ok';
        if (refused !== ours.get(path))
          disagreements.push(
            `${path}: go-yaml says ${verdict}; platlint ${ours.get(path) ? 'reports' : 'reports no'} YAML error`,
          );
      }
      expect(disagreements).toEqual([]);
      expect(ours.size).toBeGreaterThan(dir === 'examples' ? 20 : 1_000);
      // The corpus holds files the platform refuses: the agreement is not one of silence.
      if (dir !== 'examples') expect([...ours.values()].filter(Boolean).length).toBeGreaterThan(5);
    },
    180_000,
  );
});
