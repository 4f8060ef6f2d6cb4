import { defineRule } from '@platlint/core';

export default defineRule({
  meta: {
    id: 'metadata/cluster-scoped-namespace',
    description: 'Cluster-scoped objects do not set metadata.namespace.',
    kinds: '*',
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document A, What the service does (cluster-scoped resources have no namespace); upstream (API server validation, metadata of every object)',
    docs: [
      'FlowSchema, PriorityLevelConfiguration, DeviceTaintRule, MutatingAdmissionPolicy and its',
      'binding (and PriorityClass) are cluster-scoped: their paths have no',
      '`/namespaces/{namespace}/` segment and one object of a name exists for the whole cluster.',
      'A `metadata.namespace` on such an object suggests the author expects a per-namespace object',
      'that does not exist, so the rule warns: remove the field. An empty string is the same as no',
      'namespace. Configuration files have no metadata and are not checked.',
      '',
      'Spec: document A, the resource paths (cluster-scoped resources have no namespace segment);',
      'The upstream notes on metadata validation list a non-empty namespace as Forbidden. The server does',
      'not get that far: its generic create and update hooks first clear the namespace of an object',
      'whose resource is cluster-scoped, so the object is stored without it. Hence a warning, not an',
      'error.',
      '',
      'Warns:',
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
      message: `${context.kind.kind} is cluster-scoped and has no namespace; the server drops "${namespace}", so remove metadata.namespace`,
    });
  },
});
