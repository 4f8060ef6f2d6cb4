import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { binding, policy } from '../test-support/objects.js';
import { jsonLogger } from './log.js';
import { Metrics } from './metrics.js';
import { StateSource } from './state-source.js';

const INCREMENT = { patchType: 'ApplyConfiguration' as const, expression: 'Object{spec: Object.spec{replicas: object.spec.replicas + 1}}' };
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

function stateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-state-source-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'nested', 'deeper'), { recursive: true });
  writeFileSync(join(dir, 'nested', 'deeper', 'p.yaml'), [policy({ name: 'one', mutations: [INCREMENT] }), binding('one-b', 'one')].map((o) => stringify(o)).join('---\n'));
  return dir;
}

function source(dir: string, pollMs: number): StateSource {
  const state = new StateSource([dir], jsonLogger(() => undefined), new Metrics(), { debounceMs: 20, pollMs });
  cleanups.push(() => state.close());
  return state;
}

const WAIT = { timeout: 20_000, interval: 25 };

describe('StateSource watching', () => {
  it('picks up a change two directories down from file events alone (the poll is an hour away)', async () => {
    const dir = stateDir();
    const state = source(dir, 3_600_000);
    expect(state.reload('start')).toBe(true);
    state.watch();
    writeFileSync(join(dir, 'nested', 'deeper', 'q.yaml'), [policy({ name: 'two', mutations: [INCREMENT] }), binding('two-b', 'two')].map((o) => stringify(o)).join('---\n'));
    await vi.waitFor(() => expect(state.current?.policies.map((p) => p.name)).toEqual(['one', 'two']), WAIT);
  });
});
