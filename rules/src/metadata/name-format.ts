import { defineRule, formats } from '@platlint/core';

/**
 * Name formats per kind. Most kinds need a DNS subdomain; PodGroup names are DNS labels;
 * core Events only need a valid path segment (upstream checks nothing more).
 */
const LABEL_NAMED = new Set(['PodGroup.scheduling.plat.io']);
const SEGMENT_NAMED = new Set(['Event']);

export default defineRule({
  meta: {
    id: 'metadata/name-format',
    description: 'metadata.name is present and has the format its kind requires.',
    kinds: '*',
    severity: 'error',
    source: 'upstream (resource-kinds.md §0); B PodGroup',
    docs: [
      'Every object needs `metadata.name`, unless it sets `metadata.generateName` for the server to',
      'complete. The name must be a DNS subdomain (at most 253 characters of lowercase letters,',
      "digits, '-' and '.') for most kinds, a DNS label (at most 63 characters, no dots) for PodGroup,",
      "and a path segment (not '.' or '..', no '/' or '%') for Event. Configuration files have no metadata.",
    ].join('\n'),
  },
  check(context) {
    if (context.kind.scope === 'config' || context.kind.resource === null) return;
    const metadata = context.value.metadata as { name?: unknown; generateName?: unknown } | undefined;
    const name = metadata?.name;
    if (name === undefined) {
      if (metadata?.generateName === undefined) context.report({ path: ['metadata'], target: 'key', message: 'metadata.name is required (or metadata.generateName, for a generated name)' });
      return;
    }
    if (typeof name !== 'string') return; // schema/type reports it
    const groupKind = context.kind.groupKind;
    const format = LABEL_NAMED.has(groupKind) ? 'dns-label' : SEGMENT_NAMED.has(groupKind) ? 'path-segment' : 'dns-subdomain';
    const problem = formats[format](name);
    if (problem) context.report({ path: ['metadata', 'name'], message: `name "${name}" ${problem}` });
  },
});
