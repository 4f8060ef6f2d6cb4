import { defineRule, isJsonObject } from '@platlint/core';
import docs from './strategy-rolling-update.md';

export default defineRule({
  meta: {
    id: 'deployment/strategy-rolling-update',
    description: 'strategy.rollingUpdate is only allowed when strategy.type is RollingUpdate.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (DeploymentSpec.strategy.rollingUpdate)',
    docs,
    messages: {
      rollingUpdateWithRecreate:
        'rollingUpdate is not allowed with strategy type Recreate; remove it, or set type to RollingUpdate',
    },
  },
  check(context) {
    const spec = context.value.spec;
    if (!isJsonObject(spec) || !isJsonObject(spec.strategy)) return;
    const rollingUpdate = spec.strategy.rollingUpdate;
    // A YAML null is how a server-side omitted field reads back; it is not a block.
    if (rollingUpdate === undefined || rollingUpdate === null) return;
    if (spec.strategy.type !== 'Recreate') return;
    context.report({
      path: ['spec', 'strategy', 'rollingUpdate'],
      target: 'key',
      messageId: 'rollingUpdateWithRecreate',
    });
  },
});
