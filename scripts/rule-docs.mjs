// Writes one documentation page per rule, docs/rules/<area>/<name>.md, and an index,
// docs/rules/README.md, from the rules' own metadata: the pages are generated, never
// edited by hand (`npm run docs`, from the sources; test/rule-docs.test.ts fails when they are stale).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importFromSources } from './bundle-node.mjs';

/** Every page by its path under docs/rules/, rendered by core (as `platlint explain` prints them). */
export function renderPages(metas, { renderRulePage, renderRuleIndex }) {
  const pages = new Map(metas.map((meta) => [`${meta.id}.md`, renderRulePage(meta)]));
  pages.set('README.md', renderRuleIndex(metas));
  return pages;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  // From the sources, as the bundles are made: a rule imports its Markdown docs, which Node cannot.
  const temp = mkdtempSync(join(tmpdir(), 'platlint-docs-'));
  const library = await importFromSources(
    ['rules/src/index.ts', 'packages/core/src/rules/rule-page.ts'],
    join(temp, 'rules.mjs'),
  ).finally(() => rmSync(temp, { recursive: true, force: true }));
  const { allRuleMetas: metas } = library;
  const out = join(root, 'docs/rules');
  rmSync(out, { recursive: true, force: true });
  for (const [name, text] of renderPages(metas, library)) {
    mkdirSync(dirname(join(out, name)), { recursive: true });
    writeFileSync(join(out, name), text);
  }
  console.log(`wrote ${metas.length} rule pages to docs/rules/ (${readdirSync(out).length} entries at the top)`);
}
