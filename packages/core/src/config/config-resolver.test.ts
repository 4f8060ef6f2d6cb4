import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_FILE, ConfigResolver } from './config.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** root/ with a configuration, root/a/ with its own, root/b/ with none. */
function tree(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'platlint-resolver-')));
  dirs.push(root);
  mkdirSync(join(root, 'a'));
  mkdirSync(join(root, 'b'));
  writeFileSync(join(root, CONFIG_FILE), 'rules: {}\n');
  writeFileSync(join(root, 'a', CONFIG_FILE), 'rules: {}\n');
  return root;
}

describe('ConfigResolver', () => {
  it("finds each file's nearest configuration, however its path is written", () => {
    const root = tree();
    const resolver = new ConfigResolver(new Set(), { cwd: root });
    const inA = resolver.forFile('a/x.yaml');
    expect(inA.root).toBe(join(root, 'a'));
    expect(resolver.forFile(join(root, 'a', 'y.yaml'))).toBe(inA);
    expect(resolver.forFile('b/../a/z.yaml')).toBe(inA);
    expect(resolver.forFile('./a/w.yaml')).toBe(inA);
    expect(resolver.forFile('b/x.yaml').root).toBe(root);
    expect(resolver.forFile('a/../x.yaml').root).toBe(root);
  });

  it('asks `exists` whether a directory holds a configuration, when given', () => {
    const root = tree();
    const asked: string[] = [];
    // A lookup that knows of root's configuration only (as a listing made before a/ had one would).
    const exists = (directory: string, name: string): boolean => {
      asked.push(directory);
      return directory === root && name === CONFIG_FILE;
    };
    const resolver = new ConfigResolver(new Set(), { cwd: root, exists });
    expect(resolver.forFile('a/x.yaml').root).toBe(root);
    expect(asked).toEqual([join(root, 'a'), root]);
  });
});
