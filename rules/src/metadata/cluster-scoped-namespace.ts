import { defineRule } from '@platlint/core';

export default defineRule({
  meta: {
    id: 'metadata/cluster-scoped-namespace',
    description: 'Cluster-scoped objects do not set metadata.namespace.',
    kinds: '*',
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, What the service does (cluster-scoped resources have no namespace); upstream (API server validation, metadata of every object)',
    docs: [
      'FlowSchema, PriorityLevelConfiguration, DeviceTaintRule, MutatingAdmissionPolicy and its',
      'binding (and PriorityClass) are cluster-scoped: their paths have no',
      '`/namespaces/{namespace}/` segment and one object of a name exists for the whole cluster.',
      'A `metadata.namespace` on such an object is rejected by the server, and it suggests the',
      'author expects a per-namespace object that does not exist. Remove the field. An empty',
      'string is the same as no namespace and is accepted. Configuration files have no metadata',
      'and are not checked.',
      '',
      'Spec: document A, the resource paths (cluster-scoped resources have no namespace segment);',
      'upstream reports it as Forbidden.',
      '',
      'Fails:',
      '',
      '```yaml',
      'kind: FlowSchema',
      'metadata: {name: team-a, namespace: team-a}',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'kind: FlowSchema',
      'metadata: {name: team-a}',
      '```',
    ].join('\n'),
  },
  check(context) {
    if (context.kind.namespaced || context.kind.scope === 'config') return;
    const namespace = (context.value.metadata as { namespace?: unknown } | undefined)?.namespace;
    if (typeof namespace !== 'string' || namespace === '') return;
    context.report({
      path: ['metadata', 'namespace'],
      target: 'key',
      message: `${context.kind.kind} is cluster-scoped and cannot live in namespace "${namespace}": remove metadata.namespace`,
    });
  },
});
