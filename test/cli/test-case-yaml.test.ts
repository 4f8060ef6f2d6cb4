// `platlint test` reads its test cases, and the manifests they name, as the linter reads
// manifests (issue 23, item 18c): an object nested thousands of levels deep, or an alias to no
// anchor, is a failed case whose message says what and where, never JavaScript's "Maximum call
// stack size exceeded" from a recursive YAML reader.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const example = readFileSync(join(REPO_ROOT, 'examples/admission/tests/team-and-owner.yaml'), 'utf8');
/** The example case with `containers: [...]` of its request object replaced by `value`. */
const withContainers = (value: string): string => {
  const text = example.replace(/containers: \[\{name: web, image: nginx\}\]/, `containers: ${value}`);
  expect(text).not.toBe(example);
  return text;
};
const deep = (depth: number): string => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

describe('platlint test on hostile test cases', () => {
  it('fails a case whose object is nested 3,000 levels deep, at the place, and goes on with the next file', () => {
    const text = withContainers(deep(3000));
    const dir = tempDir({ 'deep.yaml': text, 'good.yaml': example });
    const r = runCli(['test', 'deep.yaml', 'good.yaml'], { cwd: dir });
    expect(r.status).toBe(1);
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('[[[')) + 1;
    const place =
      /invalid YAML: collections are nested more than 256 levels deep here; deeper nesting is refused at line (\d+), column (\d+)/.exec(
        r.stdout,
      );
    expect(place, r.stdout).not.toBeNull();
    // On the line of the brackets, among them: the object's own levels come first.
    expect(Number(place![1])).toBe(line);
    expect((lines[line - 1] as string)[Number(place![2]) - 1]).toBe('[');
    expect(r.stdout).toMatch(/PASS\s+good\.yaml/);
    expect(r.stdout + r.stderr).not.toMatch(/call stack|RangeError/);
  });

  it('fails a case with an alias to no anchor, as the platform refuses it', () => {
    const r = runCli(['test', 'alias.yaml'], { cwd: tempDir({ 'alias.yaml': withContainers('*nope') }) });
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/invalid YAML: alias \*nope refers to no anchor.* at line \d+, column \d+/);
  });

  it('names a manifest file that is nested too deep', () => {
    const text = example.replace(/policies:\n(?: {2}.*\n)+/, 'policies: [deep-policy.yaml]\n');
    expect(text).not.toBe(example);
    const r = runCli(['test', 'case.yaml'], {
      cwd: tempDir({ 'case.yaml': text, 'deep-policy.yaml': `kind: X\nspec: ${deep(3000)}\n` }),
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(
      /"policies" names deep-policy\.yaml, which is not valid YAML: collections are nested more than 256 levels deep here; deeper nesting is refused at line 2, column 262/,
    );
  });
});
