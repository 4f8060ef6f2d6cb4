import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { binding, policy } from '../test-support/objects.js';
import { jsonLogger } from './log.js';
import { Metrics } from './metrics.js';
import { StateSource, type StateSourceOptions } from './state-source.js';

const INCREMENT = {
  patchType: 'ApplyConfiguration' as const,
  expression: 'Object{spec: Object.spec{replicas: object.spec.replicas + 1}}',
};
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

/** A policy and its binding (`NAME-b`), as YAML documents. */
function pair(name: string): string {
  return [policy({ name, mutations: [INCREMENT] }), binding(`${name}-b`, name)].map((o) => stringify(o)).join('---\n');
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-state-source-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function stateDir(): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'nested', 'deeper'), { recursive: true });
  writeFileSync(join(dir, 'nested', 'deeper', 'p.yaml'), pair('one'));
  return dir;
}

interface LogEvent {
  event: string;
  level: string;
  [field: string]: unknown;
}

function source(dir: string, options: StateSourceOptions) {
  const events: LogEvent[] = [];
  const metrics = new Metrics();
  /** Every state taken, as the names of its policies and bindings: the exact sequence, not samples. */
  const taken: string[][] = [];
  const state: StateSource = new StateSource(
    [dir],
    jsonLogger((line) => events.push(JSON.parse(line) as LogEvent), 'debug'),
    metrics,
    {
      debounceMs: 20,
      pollMs: 50,
      ...options,
      onAccepted: () =>
        taken.push([
          ...(state.current?.policies ?? []).map((p) => p.name),
          ...(state.current?.bindings ?? []).map((b) => b.name),
        ]),
    },
  );
  cleanups.push(() => state.close());
  return { state, events, metrics, taken };
}

const WAIT = { timeout: 20_000, interval: 25 };

describe('StateSource watching', () => {
  it('picks up a change two directories down from file events alone (the poll is an hour away)', async () => {
    const dir = stateDir();
    const { state } = source(dir, { pollMs: 3_600_000, settleMs: 50 });
    expect(state.reload('start')).toBe(true);
    state.watch();
    writeFileSync(join(dir, 'nested', 'deeper', 'q.yaml'), pair('two'));
    await vi.waitFor(() => expect(state.current?.policies.map((p) => p.name)).toEqual(['one', 'two']), WAIT);
  });

  it('never serves a file cut mid-write that is valid YAML with fewer objects: the write completes within the settle interval', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'p.yaml'), pair('one'));
    // A settle interval far longer than the writer's pause, whatever the machine's load.
    const { state, taken, events } = source(dir, { settleMs: 3000 });
    expect(state.reload('start')).toBe(true);
    state.watch();
    const full = `${pair('one')}---\n${pair('two')}`;
    // Cut just before the last binding: policy 'two' without its binding, a state that loads cleanly.
    const cut = full.slice(0, full.lastIndexOf('---\n'));
    writeFileSync(join(dir, 'p.yaml'), cut);
    // Long enough for the watcher's quiet time (20 ms) to pass many times over.
    await new Promise((r) => setTimeout(r, 300));
    writeFileSync(join(dir, 'p.yaml'), full);
    await vi.waitFor(() => expect(state.current?.bindings.map((b) => b.name)).toEqual(['one-b', 'two-b']), WAIT);
    expect(taken).toEqual([
      ['one', 'one-b'],
      ['one', 'two', 'one-b', 'two-b'],
    ]);
    expect(events.some((e) => e.event === 'state.settling')).toBe(true);
  });

  it('takes the switch of a ConfigMap volume (`..data` to a new directory) at once and in one step', async () => {
    const volume = tempDir();
    // The kubelet's layout (pkg/volume/util/atomic_writer.go, AtomicWriter.Write): the files in
    // a hidden timestamped directory, `..data` linked to it, a visible link per key through `..data`.
    const publish = (version: string, files: Record<string, string>): string => {
      const dir = `..2024_05_01_10_00_0${version}.123`;
      mkdirSync(join(volume, dir));
      for (const [key, text] of Object.entries(files)) writeFileSync(join(volume, dir, key), text);
      return dir;
    };
    const first = publish('1', { 'policies.yaml': pair('one'), 'more.yaml': pair('two') });
    symlinkSync(first, join(volume, '..data'));
    for (const key of ['policies.yaml', 'more.yaml']) symlinkSync(join('..data', key), join(volume, key));
    // A settle interval of a minute: only the switch itself can be taken within the test.
    const { state, taken } = source(volume, { settleMs: 60_000 });
    expect(state.reload('start')).toBe(true);
    state.watch();
    // The next version drops more.yaml's pair and adds a key; both files change together.
    const second = publish('2', { 'policies.yaml': pair('three'), 'added.yaml': pair('four') });
    symlinkSync(join('..data', 'added.yaml'), join(volume, 'added.yaml'));
    symlinkSync(second, join(volume, '..data_tmp'));
    renameSync(join(volume, '..data_tmp'), join(volume, '..data'));
    rmSync(join(volume, 'more.yaml'));
    rmSync(join(volume, first), { recursive: true });
    await vi.waitFor(() => expect(state.current?.policies.map((p) => p.name)).toEqual(['four', 'three']), WAIT);
    expect(taken).toEqual([
      ['one', 'two', 'one-b', 'two-b'],
      ['four', 'three', 'four-b', 'three-b'],
    ]);
  });

  it('takes an emptied file once it has settled, logging each policy and binding removed by name, and counts adds and removes', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.yaml'), pair('one'));
    writeFileSync(join(dir, 'b.yaml'), pair('two'));
    const { state, events, metrics } = source(dir, { settleMs: 100 });
    expect(state.reload('start')).toBe(true);
    state.watch();
    writeFileSync(join(dir, 'a.yaml'), '');
    await vi.waitFor(() => expect(state.current?.policies.map((p) => p.name)).toEqual(['two']), WAIT);
    const warned = events.filter((e) => e.level === 'warn').map((e) => [e.event, e.name ?? e.file]);
    expect(warned).toEqual([
      ['state.policy_removed', 'one'],
      ['state.binding_removed', 'one-b'],
      ['state.file_emptied', join(dir, 'a.yaml')],
    ]);
    expect(events.find((e) => e.event === 'state.file_emptied')).toMatchObject({
      removedPolicies: ['one'],
      removedBindings: ['one-b'],
    });
    writeFileSync(join(dir, 'c.yaml'), pair('three'));
    await vi.waitFor(() => expect(state.current?.policies.map((p) => p.name)).toEqual(['three', 'two']), WAIT);
    expect(events.filter((e) => e.event.endsWith('_added')).map((e) => [e.event, e.name])).toEqual([
      ['state.policy_added', 'three'],
      ['state.binding_added', 'three-b'],
    ]);
    const rendered = metrics.render();
    expect(rendered).toContain('platlint_webhook_state_changes_total{object="policy",change="removed"} 1');
    expect(rendered).toContain('platlint_webhook_state_changes_total{object="binding",change="removed"} 1');
    expect(rendered).toContain('platlint_webhook_state_changes_total{object="policy",change="added"} 1');
    expect(rendered).toContain('platlint_webhook_state_changes_total{object="binding",change="added"} 1');
  });
});
