import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch as fsWatch, writeFileSync } from 'node:fs';
import { EventEmitter } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileWatcher, type FileWatcherOptions } from './file-watcher.js';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-watch-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The directory's files and contents, one level down included. */
function contents(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `${join(e.parentPath, e.name)}=${readFileSync(join(e.parentPath, e.name), 'utf8')}`)
    .sort()
    .join('\n');
}

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: simulated`), { code });
}

/** A watcher over `dir` that reloads (takes the contents) on change, recording what it logs. */
function watching(dir: string, options: Partial<FileWatcherOptions> = {}) {
  const logs: string[] = [];
  const loads: string[] = [];
  let taken = contents(dir);
  const watcher = new FileWatcher({
    name: 'test',
    paths: [dir],
    recursive: true,
    stale: () => contents(dir) !== taken,
    onChange: (reason) => {
      taken = contents(dir);
      loads.push(reason);
    },
    debounceMs: 20,
    pollMs: 50,
    log: (_level, event) => logs.push(event),
    ...options,
  });
  cleanups.push(() => watcher.close());
  watcher.start();
  return { watcher, logs, loads, taken: () => taken };
}

const WAIT = { timeout: 10_000, interval: 20 };

describe('FileWatcher', () => {
  it('reports a change in a nested file once the writes settle', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'nested'));
    writeFileSync(join(dir, 'nested', 'a.yaml'), 'a: 1\n');
    const w = watching(dir);
    writeFileSync(join(dir, 'nested', 'a.yaml'), 'a: 2\n');
    await vi.waitFor(() => expect(w.taken()).toContain('a: 2'), WAIT);
    expect(w.loads.length).toBeGreaterThan(0);
  });

  it('polls when fs.watch fails with EMFILE, says so once, and watches again when it can', async () => {
    const dir = tempDir();
    let refusals = 3;
    const watch = ((...args: Parameters<typeof fsWatch>) => {
      if (refusals-- > 0) throw errno('EMFILE');
      return fsWatch(...args);
    }) as typeof fsWatch;
    const w = watching(dir, { watch });
    writeFileSync(join(dir, 'b.yaml'), 'b: 1\n');
    await vi.waitFor(() => expect(w.taken()).toContain('b: 1'), WAIT);
    await vi.waitFor(() => expect(w.logs).toContain('test.watch_resumed'), WAIT);
    expect(w.logs.filter((e) => e === 'test.watch_unavailable')).toEqual(['test.watch_unavailable']);
    expect(w.loads).toContain('poll');
  });

  it('closes a watch that reports an error, keeps polling, and watches again', async () => {
    const dir = tempDir();
    const fake = Object.assign(new EventEmitter(), { close: vi.fn() });
    let calls = 0;
    const watch = ((...args: Parameters<typeof fsWatch>) =>
      calls++ === 0 ? fake : fsWatch(...args)) as unknown as typeof fsWatch;
    const w = watching(dir, { watch });
    fake.emit('error', errno('EMFILE'));
    expect(fake.close).toHaveBeenCalled();
    writeFileSync(join(dir, 'c.yaml'), 'c: 1\n');
    await vi.waitFor(() => expect(w.taken()).toContain('c: 1'), WAIT);
    await vi.waitFor(() => expect(calls).toBeGreaterThan(1), WAIT);
    expect(w.logs).toContain('test.watch_error');
  });

  it('logs a check or a reload that throws, and tries again instead of ending the process', async () => {
    const dir = tempDir();
    let scans = 0;
    let reloads = 0;
    let taken = '';
    const logs: string[] = [];
    const watcher = new FileWatcher({
      name: 'test',
      paths: [dir],
      stale: () => {
        if (scans++ < 2) throw errno('EMFILE');
        return contents(dir) !== taken;
      },
      onChange: () => {
        if (reloads++ === 0) throw errno('ENFILE');
        taken = contents(dir);
      },
      debounceMs: 10,
      pollMs: 30,
      log: (_level, event) => logs.push(event),
    });
    cleanups.push(() => watcher.close());
    writeFileSync(join(dir, 'd.yaml'), 'd: 1\n');
    watcher.start();
    await vi.waitFor(() => expect(taken).toContain('d: 1'), WAIT);
    expect(logs).toContain('test.scan_failed');
    expect(logs).toContain('test.reload_crashed');
  });

  it('polls a path that does not exist yet, and picks it up when it appears', async () => {
    const dir = tempDir();
    const later = join(dir, 'later');
    let taken = 'absent';
    const read = (): string => {
      try {
        return contents(later);
      } catch {
        return 'absent';
      }
    };
    const logs: string[] = [];
    const watcher = new FileWatcher({
      name: 'test',
      paths: [later],
      stale: () => read() !== taken,
      onChange: () => (taken = read()),
      debounceMs: 10,
      pollMs: 30,
      log: (_l, e) => logs.push(e),
    });
    cleanups.push(() => watcher.close());
    watcher.start();
    expect(logs).toEqual(['test.watch_unavailable']);
    mkdirSync(later);
    writeFileSync(join(later, 'e.yaml'), 'e: 1\n');
    await vi.waitFor(() => expect(taken).toContain('e: 1'), WAIT);
    await vi.waitFor(() => expect(logs).toContain('test.watch_resumed'), WAIT);
  });
});
