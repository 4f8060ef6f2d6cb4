import { defineRule } from '@platlint/core';
import type { FormatName } from '@platlint/core';
import { formats } from '../kit/names.js';
import docs from './name-format.md';

/**
 * Name formats per kind (API server validation, Deployment§8). Most kinds need a DNS subdomain; PodGroup
 * names are DNS labels; core Events only need a valid path segment (upstream checks nothing
 * more).
 */
const LABEL_NAMED = new Set(['PodGroup.scheduling.plat.io']);
const SEGMENT_NAMED = new Set(['Event']);

const NOUN: Partial<Record<FormatName, string>> = {
  'dns-label': 'a DNS label',
  'dns-subdomain': 'a DNS subdomain',
  'path-segment': 'a path segment',
};

/** A generateName prefix is checked as the name it starts: a trailing '-' is where the suffix goes. */
function prefixProblem(format: FormatName, prefix: string): string | undefined {
  if (format === 'path-segment') return /[/%]/.test(prefix) ? "may not contain '/' or '%'" : undefined;
  return formats[format](prefix.endsWith('-') ? `${prefix.slice(0, -1)}a` : prefix);
}

export default defineRule({
  meta: {
    id: 'metadata/name-format',
    description: 'metadata.name is present and has the format its kind requires.',
    kinds: '*',
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, every kind); API document B, PodGroup',
    docs,
    messages: {
      badGenerateName: 'generateName "{{generateName}}" {{problem}} (the generated name must be {{noun}})',
      nameRequired: 'metadata.name is required (or metadata.generateName, for a generated name)',
      badName: 'name "{{name}}" {{problem}}',
    },
  },
  check(context) {
    if (context.kind.scope === 'config' || context.kind.resource === null) return;
    const metadata = context.value.metadata as { name?: unknown; generateName?: unknown } | undefined;
    const name = metadata?.name;
    const groupKind = context.kind.groupKind;
    const format: FormatName = LABEL_NAMED.has(groupKind)
      ? 'dns-label'
      : SEGMENT_NAMED.has(groupKind)
        ? 'path-segment'
        : 'dns-subdomain';
    const generateName = metadata?.generateName;
    if (typeof generateName === 'string' && generateName !== '') {
      const problem = prefixProblem(format, generateName);
      if (problem)
        context.report({
          path: ['metadata', 'generateName'],
          messageId: 'badGenerateName',
          data: { generateName, problem, noun: NOUN[format] ?? 'a valid name' },
        });
    }
    if (name === undefined) {
      if (metadata?.generateName === undefined)
        context.report({ path: ['metadata', 'name'], target: 'key', messageId: 'nameRequired' });
      return;
    }
    if (typeof name !== 'string') return; // schema/type reports it
    const problem = formats[format](name);
    if (problem) context.report({ path: ['metadata', 'name'], messageId: 'badName', data: { name, problem } });
  },
});
