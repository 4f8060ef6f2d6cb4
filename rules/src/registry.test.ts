import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Rule } from '@platlint/core';
import { rules } from './all.js';

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
});
