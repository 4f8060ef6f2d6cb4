// The second pass of a run reads again only the files whose deferred cross-document checks
// find something, and then runs only those checks there: the other rules' findings are
// kept from the first pass. Counted as calls of a rule, so the test needs no clock.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defineRule } from '../rules/rule.js';
import { FileMemo } from './file-memo.js';
import { lintSources } from './linter.js';
import { readSource } from './read-source.js';
import { LintEngine } from './run.js';

const LEVEL = 'PriorityLevelConfiguration.flowcontrol.apiserver.plat.io';
const SCHEMA = 'FlowSchema.flowcontrol.apiserver.plat.io';

const levelExists = defineRule({
  meta: {
    id: 'test/level-exists',
    description: 'test',
    kinds: [SCHEMA],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'test',
    docs: 'test',
    crossDocument: [LEVEL],
  },
  check(context) {
    const name = (context.value.spec as { priorityLevelConfiguration?: { name?: string } } | undefined)
      ?.priorityLevelConfiguration?.name;
    if (name && context.index.named(LEVEL, name).length === 0)
      context.report({ path: ['spec', 'priorityLevelConfiguration', 'name'], message: `no level ${name}` });
  },
});

let localCalls = 0;
const local = defineRule({
  meta: {
    id: 'test/local',
    description: 'test',
    kinds: [SCHEMA],
    severity: 'info',
    enforcedBy: 'advice',
    source: 'test',
    docs: 'test',
  },
  check(context) {
    localCalls++;
    context.report({ path: ['metadata', 'name'], message: 'seen' });
  },
});

const level = (name: string): string =>
  `apiVersion: flowcontrol.apiserver.plat.io/v1\nkind: PriorityLevelConfiguration\nmetadata: {name: ${name}}\nspec: {type: Limited, limited: {nominalConcurrencyShares: 10, limitResponse: {type: Reject}}}\n`;
const schema = (name: string, levelName: string): string =>
  `apiVersion: flowcontrol.apiserver.plat.io/v1\nkind: FlowSchema\nmetadata: {name: ${name}}\nspec:\n  priorityLevelConfiguration: {name: ${levelName}}\n  rules: [{subjects: [{kind: Group, group: {name: team}}], nonResourceRules: [{verbs: [get], nonResourceURLs: [/healthz]}]}]\n`;

const dir = mkdtempSync(join(tmpdir(), 'platlint-run-share-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files: Record<string, string> = {
  'a-schemas.yaml': `${schema('fine', 'known')}---\n${schema('lost', 'unknown')}`,
  'b-fine.yaml': schema('also-fine', 'known'),
  'c-level.yaml': level('known'),
};
for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
const paths = Object.keys(files).map((name) => join(dir, name));

describe('the second pass of a share', () => {
  const engine = new LintEngine({
    cwd: dir,
    rules: [levelExists, local],
    knownRuleIds: new Set([levelExists.meta.id, local.meta.id]),
  });
  const config = engine.configFor(paths[0] as string);
  const whole = (): unknown =>
    lintSources({ files: paths.map((path) => readSource(path)), rules: [levelExists, local], configFor: () => config }).map(
      (r) => r.diagnostics,
    );

  it('finds what a whole lint finds, running the other rules once per object', () => {
    const expected = whole();
    localCalls = 0;
    const results = engine.lintPaths(paths);
    expect(results.map((r) => r.diagnostics)).toEqual(expected);
    expect(results[0]?.diagnostics.map((d) => d.ruleId)).toContain('test/level-exists');
    // Three FlowSchemas: the file with a finding to place was not linted again whole.
    expect(localCalls).toBe(3);
  });

  it('lints a file again whole when it changed between the passes', () => {
    const share = engine.share(paths);
    writeFileSync(paths[0] as string, `${schema('renamed', 'unknown')}---\n${schema('lost', 'unknown')}`);
    try {
      expect(share.finish(share.index).map((r) => r.diagnostics)).toEqual(whole());
    } finally {
      writeFileSync(paths[0] as string, files['a-schemas.yaml'] as string);
    }
  });
});

describe('memos of a share', () => {
  // A FileMemo keyed by something every file shares (the kind's catalog entry): its answer is
  // worked out once in a file, and again in the next, which the share starts afresh.
  const perFile = new FileMemo<object, true>();
  let computed = 0;
  const memoising = defineRule({
    meta: { ...local.meta, id: 'test/memoising' },
    check(context) {
      if (perFile.has(context.kind)) return;
      computed++;
      perFile.set(context.kind, true);
    },
  });

  it("lets each file's answers go before the next file is read", () => {
    const engine = new LintEngine({ cwd: dir, rules: [memoising], knownRuleIds: new Set([memoising.meta.id]) });
    computed = 0;
    engine.lintPaths(paths.slice(0, 2));
    // Two FlowSchemas in the first file, one in the second.
    expect(computed).toBe(2);
  });
});
