import type { RuleMeta } from './rule.js';

/**
 * A rule's documentation page, in Markdown: `platlint explain RULE` prints it and
 * `npm run docs` writes it to docs/rules/<area>/<name>.md, so the two never drift apart.
 */
export function renderRulePage(meta: RuleMeta): string {
  const kinds = meta.kinds === '*' ? 'every kind' : meta.kinds.map((k) => `\`${k}\``).join(', ');
  return [
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
  ].join('\n');
}

/** docs/rules/README.md: one row per rule. */
export function renderRuleIndex(metas: readonly RuleMeta[]): string {
  const rows = metas.map(
    (m) =>
      `| [\`${m.id}\`](${m.id}.md) | ${m.severity}${m.fixable ? ', fixable' : ''} | ${m.enforcedBy} | ${m.description.replace(/\|/g, '\\|')} |`,
  );
  return [
    '# Rules',
    '',
    "Generated from the rules' metadata by `npm run docs`. `platlint explain RULE` prints the same page.",
    '',
    'The "enforced by" column says whether the platform itself refuses what the rule reports as an error (`server`) or accepts it (`advice`: the spec asks for more, or it is very likely a mistake).',
    '',
    '| rule | default | enforced by | what it checks |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** How a rule's page names its standing. */
function enforcementNote(meta: Pick<RuleMeta, 'enforcedBy'>): string {
  return meta.enforcedBy === 'server'
    ? 'the platform refuses what it reports as an error'
    : 'advice: the platform accepts what it reports';
}
