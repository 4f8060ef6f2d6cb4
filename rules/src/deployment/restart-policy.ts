import { defineRule } from '@platlint/core';
import docs from './restart-policy.md';

export default defineRule({
  meta: {
    id: 'deployment/restart-policy',
    description: 'Pods of a Deployment must restart Always.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (DeploymentSpec.template)',
    fixable: true,
    docs,
    messages: {
      notAlways: 'restartPolicy {{policy}} is not allowed in a Deployment; only Always is',
    },
  },
  check(context) {
    const template = context.value.spec as { template?: { spec?: { restartPolicy?: unknown } } } | undefined;
    const policy = template?.template?.spec?.restartPolicy;
    // "" and null are unset to the server, which then fills in Always.
    if (policy === undefined || policy === null || policy === '' || policy === 'Always') return;
    context.report({
      path: ['spec', 'template', 'spec', 'restartPolicy'],
      messageId: 'notAlways',
      data: { policy: JSON.stringify(policy) },
      fix: { text: 'Always' },
    });
  },
});
