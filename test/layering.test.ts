// Dependencies between the workspace packages point one way (docs/architecture.md): a door
// may use the engine, never the other way round, and one door does not reach into another.
// Each package's manifest, its TypeScript project references and the imports of its sources
// must stay inside the set it is allowed.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Folder of each workspace package and the workspace packages it may use. */
const ALLOWED: Record<string, { dir: string; uses: string[] }> = {
  core: { dir: 'packages/core', uses: [] },
  cel: { dir: 'packages/cel', uses: ['core'] },
  rules: { dir: 'rules', uses: ['core', 'cel'] },
  admission: { dir: 'packages/admission', uses: ['core', 'cel', 'rules'] },
  'language-server': { dir: 'packages/language-server', uses: ['core', 'cel', 'rules'] },
  cli: { dir: 'packages/cli', uses: ['core', 'cel', 'rules', 'admission'] },
};
const byDir = new Map(Object.entries(ALLOWED).map(([name, { dir }]) => [dir, name]));

function* typeScriptFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* typeScriptFiles(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

/** The workspace packages a package's manifest, project references and sources name. */
function used(dir: string): { manifest: string[]; references: string[]; imports: string[] } {
  const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string> | undefined
  >;
  const named = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies })
    .filter((n) => n.startsWith('@platlint/'))
    .map((n) => n.slice('@platlint/'.length));
  const tsconfig = JSON.parse(readFileSync(join(root, dir, 'tsconfig.json'), 'utf8')) as { references?: { path: string }[] };
  const references = (tsconfig.references ?? []).map((r) => byDir.get(join(dir, r.path)) ?? r.path);
  const imports = new Set<string>();
  for (const file of typeScriptFiles(join(root, dir, 'src'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*)'@platlint\/([a-z-]+)/g))
      imports.add(m[1] as string);
  }
  return { manifest: named, references, imports: [...imports] };
}

/** The folders under `from` that its sources import relatively, as `file -> folder` pairs for those inside `into`. */
function importsInto(from: string, into: string): string[] {
  const found: string[] = [];
  for (const file of typeScriptFiles(join(root, from))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*)'(\.[^']*)'/g)) {
      const target = resolve(dirname(file), m[1] as string);
      if (!relative(join(root, into), target).startsWith('..')) found.push(`${relative(root, file)} -> ${m[1] as string}`);
    }
  }
  return found;
}

describe('admission: the cluster connection builds on the webhook server, never the other way round', () => {
  it('no module of server/ imports cluster/ (the server knows the cluster by its StateView only)', () => {
    expect(importsInto('packages/admission/src/server', 'packages/admission/src/cluster')).toEqual([]);
  });

  it('cluster/ does build on server/ (the direction docs/architecture.md states)', () => {
    expect(importsInto('packages/admission/src/cluster', 'packages/admission/src/server').length).toBeGreaterThan(0);
  });
});

describe('rules: the rule kit is below every rule area (rules import the kit, the kit imports no rule)', () => {
  const areas = readdirSync(join(root, 'rules/src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'kit')
    .map((entry) => entry.name);

  it.each(areas)('rules/src/kit imports nothing from rules/src/%s', (area) => {
    expect(importsInto('rules/src/kit', `rules/src/${area}`)).toEqual([]);
  });

  it('the areas do build on the kit (the direction the README states)', () => {
    const users = areas.filter((area) => importsInto(`rules/src/${area}`, 'rules/src/kit').length > 0);
    expect(users.length).toBeGreaterThan(5);
  });
});

describe('workspace layering', () => {
  for (const [name, { dir, uses }] of Object.entries(ALLOWED)) {
    it(`${name} uses only ${uses.length ? uses.join(', ') : 'no other workspace package'}`, () => {
      const { manifest, references, imports } = used(dir);
      const outside = (list: string[]) => list.filter((n) => !uses.includes(n));
      expect({ manifest: outside(manifest), references: outside(references), imports: outside(imports) }).toEqual({
        manifest: [],
        references: [],
        imports: [],
      });
      // Every import is declared, so that the dependency shows in the manifest too.
      expect(imports.filter((n) => !manifest.includes(n))).toEqual([]);
    });
  }

  it("the CLI does not depend on the language server (the schema export is core's)", () => {
    expect(used(ALLOWED.cli!.dir).imports).not.toContain('language-server');
    expect(used(ALLOWED.cli!.dir).imports).toContain('core');
  });
});

describe('admission: patching builds on evaluation, never the other way round', () => {
  it('no module of evaluate/ imports patch/ (running an invocation, which uses a Patcher, is dispatch/invocation.ts)', () => {
    expect(importsInto('packages/admission/src/evaluate', 'packages/admission/src/patch')).toEqual([]);
  });

  it('patch/ does build on evaluate/ (compiled mutations, stage errors)', () => {
    expect(importsInto('packages/admission/src/patch', 'packages/admission/src/evaluate').length).toBeGreaterThan(0);
  });
});
