// The .vsix as extension/scripts/package.mjs builds it: what it holds, that its extension entry
// loads as CommonJS, and that the language server it ships works on its own, outside the
// repository (no node_modules to fall back on). Takes seconds, so it also runs in `npm test`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../language-server/client.js';
import { scratch } from './code-server.js';
import { ROOT, packageExtension, readZip } from './vsix.js';

/** The language server's launcher and the script it runs with a code cache. */
const SERVER_FILES = ['server.mjs', 'server.script.js'];

interface Manifest {
  name: string;
  publisher: string;
  version: string;
  main: string;
  engines: { vscode: string };
  activationEvents: string[];
  contributes: { commands: { command: string }[]; configuration: { properties: Record<string, unknown> } };
}

/** The lowest version a `^x.y.z` range admits, as numbers. */
function floorOf(range: string): number[] {
  const match = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range);
  if (!match) throw new Error(`unexpected version range ${range}`);
  return match.slice(1).map(Number);
}

function compareVersions(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

/**
 * A `vscode` module with the API's top-level classes, enums and namespaces, empty: enough for
 * vscode-languageclient, which extends some of the classes as it loads, and for nothing else,
 * so loading the entry fails if it calls the API before activation.
 */
function vscodeStandIn(): string {
  const typings = readFileSync(join(ROOT, 'node_modules/@types/vscode/index.d.ts'), 'utf8');
  const lines = ['"use strict";'];
  for (const [, what, name] of typings.matchAll(/^\t(?:export )?(class|enum|namespace) (\w+)/gm)) {
    lines.push(`exports.${name} = ${what === 'class' ? 'class {}' : '{}'};`);
  }
  return `${lines.join('\n')}\n`;
}

describe('the .vsix built by extension/scripts/package.mjs', () => {
  let dir: string;
  let files: Map<string, Buffer>;
  let manifest: Manifest;

  beforeAll(() => {
    dir = scratch('platlint-vsix-');
    const { vsix } = packageExtension(join(dir, 'platlint.vsix'));
    expect(vsix).toBe(join(dir, 'platlint.vsix'));
    files = readZip(readFileSync(vsix));
    manifest = JSON.parse((files.get('extension/package.json') as Buffer).toString('utf8')) as Manifest;
  }, 180_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('holds the bundled extension and server, the README and LICENSE, and no sources', () => {
    const names = [...files.keys()].filter((n) => n.startsWith('extension/')).sort();
    expect(names).toEqual([
      'extension/LICENSE.txt',
      'extension/dist/extension.js',
      'extension/dist/server.mjs',
      'extension/dist/server.script.js',
      'extension/package.json',
      'extension/readme.md',
    ]);
    expect(files.has('extension.vsixmanifest')).toBe(true);
  });

  it('ships the language server bundle that the protocol tests run', () => {
    for (const file of SERVER_FILES) {
      const built = readFileSync(join(ROOT, 'packages/language-server/dist', file));
      expect((files.get(`extension/dist/${file}`) as Buffer).equals(built), file).toBe(true);
    }
  });

  it('declares its activation, command, settings, and an engine its client and typings allow', () => {
    expect(manifest.main).toBe('./dist/extension.js');
    expect(manifest.activationEvents).toContain('onLanguage:yaml');
    expect(manifest.contributes.commands.map((c) => c.command)).toContain('platlint.lintWorkspace');
    expect(Object.keys(manifest.contributes.configuration.properties).sort()).toEqual([
      'platlint.configFile',
      'platlint.enable',
      'platlint.rules',
    ]);
    const engine = floorOf(manifest.engines.vscode);
    const client = JSON.parse(readFileSync(join(ROOT, 'node_modules/vscode-languageclient/package.json'), 'utf8')) as {
      engines: { vscode: string };
    };
    expect(compareVersions(engine, floorOf(client.engines.vscode))).toBeGreaterThanOrEqual(0);
    // vsce refuses typings newer than the engine: they would allow calls the engine lacks.
    const types = JSON.parse(readFileSync(join(ROOT, 'node_modules/@types/vscode/package.json'), 'utf8')) as { version: string };
    expect(compareVersions(types.version.split('.').map(Number), engine)).toBeLessThanOrEqual(0);
  });

  it('has an entry point that loads as CommonJS and exports activate and deactivate', () => {
    const host = join(dir, 'host');
    mkdirSync(join(host, 'node_modules/vscode'), { recursive: true });
    writeFileSync(join(host, 'node_modules/vscode/index.js'), vscodeStandIn());
    writeFileSync(join(host, 'extension.js'), files.get('extension/dist/extension.js') as Buffer);
    const out = execFileSync(
      process.execPath,
      ['-e', "const m = require('./extension.js'); console.log(typeof m.activate, typeof m.deactivate)"],
      { cwd: host, encoding: 'utf8' },
    );
    expect(out.trim()).toBe('function function');
  });

  it('runs its language server from the unpacked package, outside the repository', async () => {
    const unpacked = join(dir, 'unpacked');
    mkdirSync(unpacked, { recursive: true });
    for (const file of SERVER_FILES) writeFileSync(join(unpacked, file), files.get(`extension/dist/${file}`) as Buffer);
    const workspace = join(dir, 'workspace');
    mkdirSync(workspace, { recursive: true });
    const text = [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: web',
      'spec:',
      '  replicas: -1',
      '  selector:',
      '    matchLabels: {app: web}',
      '  template:',
      '    metadata:',
      '      labels: {app: web}',
      '    spec:',
      '      containers:',
      '        - name: web',
      '          image: nginx:1.27',
      '',
    ].join('\n');
    writeFileSync(join(workspace, 'web.yaml'), text);
    expect(existsSync(join(unpacked, 'node_modules'))).toBe(false);

    const client = await TestClient.start([process.execPath, join(unpacked, 'server.mjs'), '--stdio'], workspace);
    try {
      const uri = pathToFileURL(join(workspace, 'web.yaml')).href;
      await client.open(uri, text);
      const published = await client.diagnostics(uri);
      expect(published.diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['schema/range', 5]]);
    } finally {
      await client.stop();
    }
  });
});
