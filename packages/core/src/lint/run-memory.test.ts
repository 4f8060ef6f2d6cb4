// A run keeps, of each file it has linted, its findings and its cross-document index entries
// (issue 14, memory bounded by what is in flight). What it keeps must not hold on to the
// file's text: a string cut from the text can share its memory, so one kept name would keep
// a whole file alive. Measured as live heap after a full collection, never as time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { defineRule } from '../rules/rule.js';
import { SourceFile } from '../source/source-file.js';
import { LintEngine } from './run.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const FILES = 24;
const PADDING = 1024 * 1024;

/** Live heap after full collections, in bytes. */
function liveHeap(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

// A cross-document rule: FlowSchemas are checked against the run's priority levels.
const rule = defineRule({
  meta: {
    id: 'test/level-exists',
    description: 'test',
    kinds: ['FlowSchema.flowcontrol.apiserver.plat.io'],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'test',
    docs: 'test',
    crossDocument: ['PriorityLevelConfiguration.flowcontrol.apiserver.plat.io'],
  },
  check(context) {
    const spec = context.value.spec as { priorityLevelConfiguration?: { name?: string } } | undefined;
    const name = spec?.priorityLevelConfiguration?.name;
    if (name && context.index.named('PriorityLevelConfiguration.flowcontrol.apiserver.plat.io', name).length === 0)
      context.report({ path: ['spec'], message: 'no such level' });
  },
});

/** A megabyte file: a priority level and a FlowSchema with long names, and a long comment (unique per file). */
function file(i: number): string {
  const level = `level-with-a-long-name-${i}`;
  return [
    `# ${String(i).repeat(PADDING / String(i).length)}`,
    `apiVersion: flowcontrol.apiserver.plat.io/v1\nkind: PriorityLevelConfiguration\nmetadata: {name: ${level}}\nspec: {type: Limited, limited: {nominalConcurrencyShares: 10, limitResponse: {type: Reject}}}`,
    `---\napiVersion: flowcontrol.apiserver.plat.io/v1\nkind: FlowSchema\nmetadata: {name: schema-with-a-long-name-${i}}\nspec:\n  priorityLevelConfiguration: {name: ${level}}\n  rules: [{subjects: [{kind: Group, group: {name: team}}], nonResourceRules: [{verbs: [get], nonResourceURLs: [/healthz]}]}]\n`,
  ].join('\n');
}

const dir = mkdtempSync(join(tmpdir(), 'platlint-run-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('what a run keeps of a linted file', () => {
  const engine = new LintEngine({ cwd: dir, rules: [rule], knownRuleIds: new Set([rule.meta.id]) });

  it('index entries do not keep the text of their file alive', () => {
    const before = liveHeap();
    const kept = Array.from(
      { length: FILES },
      (_, i) => engine.crossDocumentRole(SourceFile.fromText(join(dir, `${i}.yaml`), file(i))).entries,
    );
    const grown = liveHeap() - before;
    expect(kept.flat()).toHaveLength(FILES);
    // The texts would be FILES megabytes; the entries are a few kilobytes.
    expect(grown, `${grown} bytes kept`).toBeLessThan((FILES * PADDING) / 4);
  });

  it('after the first pass of a share, neither the index nor the waiting checks keep the texts alive', () => {
    const paths = Array.from({ length: FILES }, (_, i) => join(dir, `${i}.yaml`));
    paths.forEach((path, i) => writeFileSync(path, file(i)));
    const before = liveHeap();
    const share = engine.share(paths);
    const grown = liveHeap() - before;
    expect(share.index).toHaveLength(FILES);
    expect(grown, `${grown} bytes kept`).toBeLessThan((FILES * PADDING) / 4);
    // The second pass still finds what the first deferred: every level exists.
    expect(share.finish(share.index).flatMap((r) => r.diagnostics.map((d) => d.ruleId))).toEqual([]);
  });
});
