import { defineRule } from '@platlint/core';
import docs from './cluster-scoped-namespace.md';

export default defineRule({
  meta: {
    id: 'metadata/cluster-scoped-namespace',
    description: 'Cluster-scoped objects do not set metadata.namespace.',
    kinds: '*',
    severity: 'warning',
    enforcedBy: 'advice',
    source:
      'API document A, What the service does (cluster-scoped resources have no namespace); upstream (API server validation, metadata of every object)',
    docs,
    messages: {
      clusterScoped:
        '{{kind}} is cluster-scoped and has no namespace; the server drops "{{namespace}}", so remove metadata.namespace',
    },
  },
  check(context) {
    if (context.kind.namespaced || context.kind.scope === 'config') return;
    const namespace = (context.value.metadata as { namespace?: unknown } | undefined)?.namespace;
    if (typeof namespace !== 'string' || namespace === '') return;
    context.report({
      path: ['metadata', 'namespace'],
      target: 'key',
      messageId: 'clusterScoped',
      data: { kind: context.kind.kind, namespace },
    });
  },
});
