import { defineRule } from '@platlint/core';
import { docsDeploymentWithStrategy, isJsonObject } from './pod.js';

export default defineRule({
  meta: {
    id: 'deployment/strategy-rolling-update',
    description: 'strategy.rollingUpdate is only allowed when strategy.type is RollingUpdate.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (DeploymentSpec.strategy.rollingUpdate)',
    docs: [
      'The spec says `strategy.rollingUpdate` is "present only when type is `RollingUpdate`". With',
      '`type: Recreate` every old pod is stopped before new ones start, so surge and unavailability',
      'limits mean nothing, and the server rejects the block, even an empty `rollingUpdate: {}`.',
      'Either remove `rollingUpdate` or switch the type to `RollingUpdate` (the default).',
      '',
      'Fails:',
      '',
      ...docsDeploymentWithStrategy('    type: Recreate', '    rollingUpdate: {maxSurge: 1}'),
      '',
      'Passes:',
      '',
      ...docsDeploymentWithStrategy('    type: Recreate'),
    ].join('\n'),
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
      message: 'rollingUpdate is not allowed with strategy type Recreate; remove it, or set type to RollingUpdate',
    });
  },
});
