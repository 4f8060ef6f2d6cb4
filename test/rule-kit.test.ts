// The rule kit (rules/src/kit) is the one place a rule author looks for the helpers rule areas
// share. A helper that an area defines again under a kit export's name is either a copy of the
// kit's (two places to fix) or a different thing under the same name (a reader of one area misreads
// the other): both fail here. The sources are read with TypeScript's parser, so a declaration is
// found whatever its form (function, arrow-function constant, type, interface).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const rulesSrc = fileURLToPath(new URL('../rules/src', import.meta.url));
const kitDir = join(rulesSrc, 'kit');

function parse(file: string, text = readFileSync(file, 'utf8')): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
}

const hasExport = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The names a top-level statement declares: a function, class, interface, type, enum, or each variable of a `const`. */
function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  if (
    (ts.isFunctionDeclaration(statement) ||
      ts.isClassDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isEnumDeclaration(statement)) &&
    statement.name
  )
    return [statement.name.text];
  return [];
}

/** Every name a module defines at its top level, exported or not (re-exports define nothing). */
function definedNames(source: ts.SourceFile): string[] {
  return source.statements.flatMap(declaredNames);
}

/** The names a kit module exports: its own exported declarations, `export { ... }` lists, and `export *` modules followed. */
function exportedNames(file: string): string[] {
  const names: string[] = [];
  for (const statement of parse(file).statements) {
    if (hasExport(statement)) names.push(...declaredNames(statement));
    if (!ts.isExportDeclaration(statement)) continue;
    const from =
      statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
    if (statement.exportClause && ts.isNamedExports(statement.exportClause))
      names.push(...statement.exportClause.elements.map((e) => e.name.text));
    else if (from?.startsWith('.')) names.push(...exportedNames(resolve(dirname(file), from.replace(/\.js$/, '.ts'))));
  }
  return names;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) yield path;
  }
}

const kitModules = readdirSync(kitDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts');
const kitExports = new Set(exportedNames(join(kitDir, 'index.ts')));
const areas = readdirSync(rulesSrc, { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== 'kit')
  .map((e) => e.name);
/** `area/file.ts` and the names it defines, for every source of every rule area. */
const areaDefinitions = areas.flatMap((area) =>
  [...sourceFiles(join(rulesSrc, area))].map((file) => ({
    file: relative(rulesSrc, file).replace(/\\/g, '/'),
    names: definedNames(parse(file)),
  })),
);

describe('rule kit: no rule area defines a helper under a name the kit exports', () => {
  it('reads every kit module through kit/index.ts, re-exports of core included', () => {
    for (const module of kitModules) {
      const own = exportedNames(join(kitDir, module));
      expect(own.length, module).toBeGreaterThan(0);
      for (const name of own) expect(kitExports, `${module} ${name}`).toContain(name);
    }
    // Names the kit holds by re-exporting core: they count as the kit's as much as its own.
    expect(kitExports).toContain('parseQuantity');
    expect(kitExports).toContain('selectorMatches');
  });

  it('reads top-level declarations of every form', () => {
    const names = definedNames(
      parse(
        'snippet.ts',
        [
          'function objAt() {}',
          'export const isSet = (v: unknown) => v != null;',
          'let a = 1, b = 2;',
          'interface ContainerAt {}',
          'export type Obj = Record<string, unknown>;',
          "export { isObject } from '../kit/objects.js';",
          'if (a) { function hidden() {} }',
        ].join('\n'),
      ),
    );
    expect(names).toEqual(['objAt', 'isSet', 'a', 'b', 'ContainerAt', 'Obj']);
  });

  it('reads every rule area', () => {
    expect(areas.length).toBeGreaterThan(5);
    for (const area of areas) {
      const names = areaDefinitions.filter((d) => d.file.startsWith(`${area}/`)).flatMap((d) => d.names);
      expect(names.length, area).toBeGreaterThan(0);
    }
  });

  it('finds no area definition named as a kit export', () => {
    const clashes = areaDefinitions.flatMap(({ file, names }) =>
      names.filter((name) => kitExports.has(name)).map((name) => `${file}: ${name} (import it from rules/src/kit)`),
    );
    expect(clashes).toEqual([]);
  });
});
