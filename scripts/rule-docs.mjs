// Writes one documentation page per rule, docs/rules/<area>/<name>.md, and an index,
// docs/rules/README.md, from the rules' own metadata: the pages are generated, never
// edited by hand (`npm run docs`; test/rule-docs.test.ts fails when they are stale).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function renderPages(metas, enforcementNote) {
  const pages = new Map();
  for (const meta of metas) {
    const kinds = meta.kinds === '*' ? 'every kind' : meta.kinds.map((k) => `\`${k}\``).join(', ');
    pages.set(
      `${meta.id}.md`,
      [
        `# ${meta.id}`,
        '',
        meta.description,
        '',
        `- Default severity: \`${meta.severity}\`${meta.fixable ? ' (fixable)' : ''}`,
        `- Enforced by the server: ${meta.enforcedBy === 'server' ? 'yes' : 'no'} (${enforcementNote(meta)})`,
        `- Applies to: ${kinds}`,
        `- Source: ${meta.source}`,
        '',
        meta.docs,
        '',
        `Change its severity in \`platlint.config.yaml\` (\`rules: { ${meta.id}: warning }\`) or with \`--rule ${meta.id}=off\`; suppress one finding with \`# platlint-disable-next-line ${meta.id} -- reason\`.`,
        '',
      ].join('\n'),
    );
  }
  const rows = metas.map((m) => `| [\`${m.id}\`](${m.id}.md) | ${m.severity}${m.fixable ? ', fixable' : ''} | ${m.enforcedBy} | ${m.description.replace(/\|/g, '\\|')} |`);
  pages.set('README.md', ['# Rules', '', 'Generated from the rules\' metadata by `npm run docs`. `platlint explain RULE` prints the same page.', '', 'The "enforced by" column says whether the platform itself refuses what the rule reports as an error (`server`) or accepts it (`advice`: the spec asks for more, or it is very likely a mistake).', '', '| rule | default | enforced by | what it checks |', '|---|---|---|---|', ...rows, ''].join('\n'));
  return pages;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { allRuleMetas: metas } = await import(`${root}rules/dist/index.js`);
  const { enforcementNote } = await import('@platlint/core');
  const out = join(root, 'docs/rules');
  rmSync(out, { recursive: true, force: true });
  for (const [name, text] of renderPages(metas, enforcementNote)) {
    mkdirSync(dirname(join(out, name)), { recursive: true });
    writeFileSync(join(out, name), text);
  }
  console.log(`wrote ${metas.length} rule pages to docs/rules/ (${readdirSync(out).length} entries at the top)`);
}
