// The README is what a newcomer follows: it must keep documenting what the tool does. The
// pre-commit round trip reads its `repo: local` example, but runs outside `npm test`; these
// checks run with it, so that a lost section is found at once.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { Rule } from '@platlint/core';
import { lintWithRule } from '@platlint/core/testing';
import { deploymentWithContainer } from '../rules/src/deployment/fixtures.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const yamlBlocks = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1] as string);

interface PreCommitConfig {
  repos?: { repo?: string; hooks?: { id?: string; entry?: string; language?: string }[] }[];
}

describe('README.md', () => {
  it('documents every option `platlint lint --help` lists', () => {
    const help = spawnSync(process.execPath, [join(root, 'packages/cli/dist/platlint.mjs'), 'lint', '--help'], {
      encoding: 'utf8',
    });
    expect(help.status, help.stderr).toBe(0);
    const options = [...new Set([...help.stdout.matchAll(/(?<![\w-])--[a-z][a-z-]*/g)].map((m) => m[0]))].filter(
      (o) => o !== '--help',
    );
    expect(options.length).toBeGreaterThan(10);
    expect(options.filter((option) => !new RegExp(`\`[^\`]*${option}(?![a-z-])`).test(readme))).toEqual([]);
  });

  it('gives both pre-commit configurations: this repository as a hook, and a local hook over the installed package', () => {
    const hookIds = (parse(readFileSync(join(root, '.pre-commit-hooks.yaml'), 'utf8')) as { id: string }[]).map((h) => h.id);
    const configs = yamlBlocks.filter((b) => b.includes('repos:')).map((b) => parse(b) as PreCommitConfig);
    const hooks = configs.flatMap((c) => (c.repos ?? []).map((r) => ({ repo: r.repo, hook: r.hooks?.[0] })));
    const remote = hooks.find((h) => h.repo !== 'local');
    const local = hooks.find((h) => h.repo === 'local');
    expect(remote?.hook?.id && hookIds.includes(remote.hook.id)).toBe(true);
    expect(local?.hook).toMatchObject({ entry: expect.stringContaining('platlint lint') });
  });

  it('keeps the sections a newcomer looks for', () => {
    const headings = [...readme.matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1] as string);
    for (const wanted of [
      /^Set up/,
      /^Install/,
      /^`platlint lint`/,
      /^What it checks/,
      /^Configuration/,
      /^Inline suppressions/,
      /^JSON output/,
      /^pre-commit/,
      /^In the editor/,
      /^Tests/,
      /^Admission policies/,
      /^Writing a rule/,
    ]) {
      expect(
        headings.some((h) => wanted.test(h)),
        String(wanted),
      ).toBe(true);
    }
  });

  it('has a "Writing a rule" example that runs on the kit it names', async () => {
    const example = /^### The rule kit[\s\S]*?```ts\n([\s\S]*?)```/m.exec(readme)?.[1];
    expect(example, 'the ts block of "The rule kit"').toBeDefined();
    // The example is written as a module of rules/src/deployment; here it runs from a temporary
    // folder, so its imports name the kit's and core's sources by absolute path.
    const source = (example as string)
      .replace(/'\.\.\/kit\/([a-z-]+)\.js'/g, (_, module: string) => `'${join(root, 'rules/src/kit', `${module}.ts`)}'`)
      .replace("'@platlint/core'", `'${join(root, 'packages/core/src/index.ts')}'`);
    expect(source).not.toMatch(/'\.\.\//);
    const dir = mkdtempSync(join(tmpdir(), 'readme-rule-'));
    try {
      writeFileSync(join(dir, 'memory-cap.ts'), source);
      writeFileSync(join(dir, 'memory-cap.md'), 'Containers request at most 8Gi of memory.\n');
      const rule = ((await import(join(dir, 'memory-cap.ts'))) as { default: Rule }).default;
      // An init container too: containersOf walks both lists, and only the app container is over the cap.
      const deployment = (memory: string): string =>
        deploymentWithContainer(
          `        resources: {requests: {memory: ${memory}}}\n      initContainers:\n      - {name: setup, image: busybox:1.36}\n`,
        );
      expect(lintWithRule(rule, deployment('16Gi')).map((d) => ({ ruleId: d.ruleId, path: d.path, message: d.message }))).toEqual(
        [
          {
            ruleId: 'deployment/memory-cap',
            path: 'spec.template.spec.containers[0].resources.requests.memory',
            message: 'container "app" requests 16Gi of memory; keep it at 8Gi or less',
          },
        ],
      );
      expect(lintWithRule(rule, deployment('8Gi'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
