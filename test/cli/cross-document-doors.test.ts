// Cross-document rules must find the same problems however a run is cut up: the whole run in
// one `lintSources` call (the reference), file by file through the core run API, on two worker
// threads through the CLI, and one buffer at a time in the language server.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceFile, lintSources, orderIndex, readSource } from '@platlint/core';
import type { Diagnostic } from '@platlint/core';
import { LintSession } from '../../packages/language-server/src/lint-session.js';
import { createLintEngine, rules } from '@platlint/rules';
import { afterAll, describe, expect, it } from 'vitest';
import { binding, flowSchema as schema, level, podGroup, policy } from '../cross-document-manifests.js';
import { lintJson, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const composite = (name: string, parent?: string): string => podGroup('CompositePodGroup', name, 'ml-training', parent);

// Enough files for two threads; the declarations and their references sit in different
// files (and so, after dealing by size, on different threads), and a cycle of three groups
// spans three files, so "the first member" depends on the order the run is seen in.
const files: Record<string, string> = {
  'levels/a.yaml': level('team-level'),
  'policies/p.yaml': policy('known-policy'),
  'groups/x.yaml': composite('b', 'c'),
  'groups/y.yaml': composite('a', 'b'),
  'groups/z.yaml': `${composite('c', 'a')}---\n${composite('root')}`,
  'groups/w.yaml': composite('orphan', 'no-such-group'),
  // Suppressions of a cross-document rule: one used, one unused (its finding depends on the whole run).
  'schemas/suppressed.yaml': schema('hidden', 'no-such-level').replace(
    '  priorityLevelConfiguration:',
    '  # platlint-disable-next-line flowschema/priority-level-exists -- on purpose\n  priorityLevelConfiguration:',
  ),
  'schemas/unused.yaml': schema('fine', 'team-level').replace(
    '  priorityLevelConfiguration:',
    '  # platlint-disable-next-line flowschema/priority-level-exists -- stale\n  priorityLevelConfiguration:',
  ),
};
for (let i = 0; i < 240; i++) {
  const n = String(i).padStart(3, '0');
  files[`schemas/s${n}.yaml`] = i % 60 === 7 ? schema(`s${i}`, 'no-such-level') : schema(`s${i}`, 'team-level');
  if (i % 40 === 3) files[`bindings/b${n}.yaml`] = binding(`b${i}`, i % 80 === 3 ? 'missing-policy' : 'known-policy');
}
const dir = tempDir(files);
const paths = Object.keys(files).sort();

type Finding = Pick<Diagnostic, 'ruleId' | 'message' | 'path' | 'range'> & { file: string };
const findings = (results: readonly { path: string; diagnostics: readonly Diagnostic[] }[], prefix = ''): Finding[] =>
  results.flatMap((r) =>
    r.diagnostics.map((d) => ({
      file: r.path.slice(prefix.length),
      ruleId: d.ruleId,
      message: d.message,
      path: d.path,
      range: d.range,
    })),
  );

describe('cross-document rules find the same problems through every door', () => {
  const engine = createLintEngine({ cwd: dir });
  const sources = paths.map((p) => SourceFile.fromText(p, files[p] as string));
  const config = engine.configFor(join(dir, 'a.yaml'));
  const whole = findings(lintSources({ files: sources, rules, configFor: () => config }));

  it('the whole run has findings of every cross-document rule in the fixture', () => {
    const ids = new Set(whole.map((f) => f.ruleId));
    for (const id of [
      'flowschema/priority-level-exists',
      'admission/binding-policy-exists',
      'scheduling/hierarchy-cycle',
      'scheduling/parent-exists',
      'suppression/unused',
    ])
      expect(ids).toContain(id);
    expect(whole.filter((f) => f.file === 'schemas/suppressed.yaml')).toEqual([]);
  });

  it('file by file through the core run API, with the index of the run', () => {
    const absolute = paths.map((p) => join(dir, p));
    const index = orderIndex(absolute.flatMap((p) => engine.crossDocumentRole(readSource(p)).entries));
    expect(
      findings(
        absolute.map((p) => engine.lintSource(readSource(p), index)),
        `${dir}/`,
      ),
    ).toEqual(whole);
    expect(findings(engine.lintPaths(absolute), `${dir}/`)).toEqual(whole);
  });

  it('on two worker threads through the CLI', () => {
    const { report } = lintJson(['.', '--workers', '2'], { cwd: dir });
    const cli = report.files.flatMap((f) =>
      f.diagnostics.map((d) => ({ file: f.path, ruleId: d.ruleId, message: d.message, path: d.path, range: d.range })),
    );
    expect(cli).toEqual(whole);
  });

  it('in the language server, one buffer at a time with the workspace on disk', () => {
    const session = new LintSession(dir, {}, [dir]);
    const results = paths.map((p) => {
      const outcome = session.lint(join(dir, p), readFileSync(join(dir, p), 'utf8'));
      session.close(join(dir, p));
      return { path: p, diagnostics: outcome.type === 'linted' ? outcome.diagnostics : [] };
    });
    expect(findings(results)).toEqual(whole);
  });
});

describe('cross-document rules through the cache', () => {
  const fixture = (): string => tempDir(files);
  const report = (cwd: string, extra: string[] = []): Finding[] => {
    const { report } = lintJson(['.', '--workers', '2', ...extra], { cwd });
    return report.files.flatMap((f) =>
      f.diagnostics.map((d) => ({ file: f.path, ruleId: d.ruleId, message: d.message, path: d.path, range: d.range })),
    );
  };
  const cached = (cwd: string): Finding[] => report(cwd, ['--cache', '--cache-location', 'lint.cache']);

  it('gives the uncached findings on a first run, a second run, and after a declaration or a reference changes', () => {
    const cwd = fixture();
    expect(cached(cwd)).toEqual(report(cwd));
    expect(cached(cwd)).toEqual(report(cwd));
    // The priority level goes: every FlowSchema, unchanged itself, now points at nothing.
    writeFileSync(join(cwd, 'levels/a.yaml'), level('other-level'));
    const withoutLevel = cached(cwd);
    expect(withoutLevel).toEqual(report(cwd));
    expect(withoutLevel.filter((f) => f.ruleId === 'flowschema/priority-level-exists').length).toBeGreaterThan(200);
    // A reference changes: only that file's finding moves.
    writeFileSync(join(cwd, 'bindings/b003.yaml'), binding('b3', 'known-policy'));
    writeFileSync(join(cwd, 'levels/a.yaml'), level('team-level'));
    expect(cached(cwd)).toEqual(report(cwd));
    // The cycle is broken in one file of three.
    writeFileSync(join(cwd, 'groups/y.yaml'), composite('a', 'root'));
    expect(cached(cwd)).toEqual(report(cwd));
  });

  it('reuses what it stored for an unchanged file and checks a changed one again', () => {
    const cwd = fixture();
    cached(cwd);
    const store = JSON.parse(readFileSync(join(cwd, 'lint.cache'), 'utf8')) as {
      files: Record<string, { result: { diagnostics: { message: string }[] } }>;
    };
    const entry = store.files['schemas/s007.yaml'];
    expect(entry?.result.diagnostics).toHaveLength(1);
    entry!.result.diagnostics[0]!.message = 'remembered';
    writeFileSync(join(cwd, 'lint.cache'), JSON.stringify(store));
    expect(cached(cwd).find((f) => f.file === 'schemas/s007.yaml')?.message).toBe('remembered');
    writeFileSync(join(cwd, 'schemas/s007.yaml'), `${files['schemas/s007.yaml']}# changed\n`);
    expect(cached(cwd).find((f) => f.file === 'schemas/s007.yaml')?.message).not.toBe('remembered');
  });

  it('starts over when the configuration changes', () => {
    const cwd = fixture();
    cached(cwd);
    writeFileSync(join(cwd, 'platlint.config.yaml'), 'rules:\n  flowschema/priority-level-exists: off\n');
    const off = cached(cwd);
    expect(off).toEqual(report(cwd));
    expect(off.some((f) => f.ruleId === 'flowschema/priority-level-exists')).toBe(false);
  });
});
