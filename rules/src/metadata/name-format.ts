import { defineRule, formats } from '@platlint/core';
import type { FormatName } from '@platlint/core';

/**
 * Name formats per kind (API server validation, Deployment§8). Most kinds need a DNS subdomain; PodGroup
 * names are DNS labels; core Events only need a valid path segment (upstream checks nothing
 * more).
 */
const LABEL_NAMED = new Set(['PodGroup.scheduling.plat.io']);
const SEGMENT_NAMED = new Set(['Event']);

const NOUN: Partial<Record<FormatName, string>> = { 'dns-label': 'a DNS label', 'dns-subdomain': 'a DNS subdomain', 'path-segment': 'a path segment' };

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
    docs: [
      'Every object needs `metadata.name`, unless it sets `metadata.generateName` for the server to',
      'complete. The name must be:',
      '',
      "- a DNS subdomain (at most 253 characters of lowercase letters, digits, '-' and '.') for",
      '  Deployment, Endpoints, CompositePodGroup, DeviceTaintRule, FlowSchema,',
      '  MutatingAdmissionPolicy and its binding, and the supporting kinds;',
      '- a DNS label (at most 63 characters, no dots) for PodGroup;',
      "- a path segment (not '.' or '..', no '/' or '%') for Event: upstream checks nothing more",
      '  for core `v1` Events, so `MyPod.17a2b` is a valid Event name.',
      '',
      '`generateName` is checked in the same format as the start of a name: a trailing `-` is',
      'allowed, since the server appends the random suffix there. Configuration files have no',
      'metadata.',
      '',
      'Spec: document A, Shared types (`name`) and document B, PodGroup; the per-kind formats are',
      'what the upstream API server enforces.',
      '',
      'Fails:',
      '',
      '```yaml',
      'kind: PodGroup',
      'metadata: {name: trainer.v1, namespace: ml}',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'kind: PodGroup',
      'metadata: {name: trainer-v1, namespace: ml}',
      '```',
    ].join('\n'),
  },
  check(context) {
    if (context.kind.scope === 'config' || context.kind.resource === null) return;
    const metadata = context.value.metadata as { name?: unknown; generateName?: unknown } | undefined;
    const name = metadata?.name;
    const groupKind = context.kind.groupKind;
    const format: FormatName = LABEL_NAMED.has(groupKind) ? 'dns-label' : SEGMENT_NAMED.has(groupKind) ? 'path-segment' : 'dns-subdomain';
    const generateName = metadata?.generateName;
    if (typeof generateName === 'string' && generateName !== '') {
      const problem = prefixProblem(format, generateName);
      if (problem) context.report({ path: ['metadata', 'generateName'], message: `generateName "${generateName}" ${problem} (the generated name must be ${NOUN[format] ?? 'a valid name'})` });
    }
    if (name === undefined) {
      if (metadata?.generateName === undefined) context.report({ path: ['metadata', 'name'], target: 'key', message: 'metadata.name is required (or metadata.generateName, for a generated name)' });
      return;
    }
    if (typeof name !== 'string') return; // schema/type reports it
    const problem = formats[format](name);
    if (problem) context.report({ path: ['metadata', 'name'], message: `name "${name}" ${problem}` });
  },
});
