// The README is what a newcomer follows: it must keep documenting what the tool does. The
// pre-commit round trip reads its `repo: local` example, but runs outside `npm test`; these
// checks run with it, so that a lost section is found at once.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

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
});
