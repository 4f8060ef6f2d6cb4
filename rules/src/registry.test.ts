import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Rule } from '@platlint/core';
import { rules } from './all.js';
import { allRuleMetas } from './registry.js';

/**
 * The registry checks itself, as ESLint's and typescript-eslint's do: a rule's id is the
 * path of its module, and every module that defines a rule is registered, so no rule is
 * written and then silently never run.
 */
const here = dirname(fileURLToPath(import.meta.url));

/** `area/name` for every `rules/src/<area>/<name>.ts` whose source calls defineRule. */
function ruleModules(): string[] {
  return readdirSync(here, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .filter((file) => /\bdefineRule\(/.test(readFileSync(join(here, file), 'utf8')))
    .map((file) => relative(here, join(here, file)).replace(/\\/g, '/').replace(/\.ts$/, ''))
    .sort();
}

describe('rule registry', () => {
  const modules = ruleModules();

  it('finds the rule modules', () => {
    expect(modules.length).toBe(rules.length);
  });

  it.each(modules)('%s defines the rule of that id as its default export', async (path) => {
    const module = (await import(`./${path}.js`)) as { default?: Rule };
    expect(module.default?.meta.id).toBe(path);
  });

  it('registers every rule module', () => {
    expect(rules.map((r) => r.meta.id).sort()).toEqual(modules);
  });

  // compareRuleIds (core's diagnostics.ts) orders ids by code units, which is localeCompare's
  // order for the characters ids are written with; `platlint rules`, SARIF and the docs list them so.
  it("lists the rules in localeCompare's order of their ids, each written with a-z, 0-9, - and /", () => {
    const ids = allRuleMetas.map((r) => r.id);
    expect(ids.filter((id) => !/^[a-z0-9/-]+$/.test(id))).toEqual([]);
    expect(ids).toEqual([...ids].sort((a, b) => a.localeCompare(b)));
    expect(rules.map((r) => r.meta.id)).toEqual(rules.map((r) => r.meta.id).sort((a, b) => a.localeCompare(b)));
  });
});
