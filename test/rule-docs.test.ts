import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as core from '@platlint/core';
import { allRuleMetas } from '@platlint/rules';
// @ts-expect-error: a plain ES module script without type declarations
import { renderPages } from '../scripts/rule-docs.mjs';

const docs = fileURLToPath(new URL('../docs/rules/', import.meta.url));

describe('rule documentation', () => {
  const metas = [...allRuleMetas];
  const pages = (renderPages as (m: typeof metas, renderers: typeof core) => Map<string, string>)(metas, core);

  it('has a page per rule, up to date (regenerate with `npm run docs`)', () => {
    const stale = [...pages]
      .filter(([name, text]) => !existsSync(`${docs}${name}`) || readFileSync(`${docs}${name}`, 'utf8') !== text)
      .map(([name]) => name);
    expect(stale).toEqual([]);
  });

  it('documents every rule with substance', () => {
    for (const meta of metas) {
      expect(meta.docs.length, meta.id).toBeGreaterThan(40);
      expect(meta.id, meta.id).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/);
    }
    expect(new Set(metas.map((m) => m.id)).size).toBe(metas.length);
  });
});
