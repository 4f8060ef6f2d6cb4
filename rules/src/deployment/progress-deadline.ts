import { defineRule, valueAt } from '@platlint/core';
import { isInteger } from './pod.js';

export default defineRule({
  meta: {
    id: 'deployment/progress-deadline',
    description: 'progressDeadlineSeconds (default 600) must be greater than minReadySeconds.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (DeploymentSpec); upstream (API server validation, Deployment)',
    docs: [
      'A new pod counts as available only after it has been ready for `minReadySeconds`. If',
      '`progressDeadlineSeconds` is not greater than that, every rollout would be declared failed',
      '(`ProgressDeadlineExceeded`) before any new pod could become available, so the server',
      'rejects the combination.',
      '',
      'The rule judges the object after defaulting: `progressDeadlineSeconds` defaults to 600 and',
      '`minReadySeconds` to 0, so `minReadySeconds: 600` alone fails. As upstream does, the finding',
      'names `spec.progressDeadlineSeconds` in both cases. It points at the deadline\'s value when one',
      'is written; when the deadline is defaulted (absent), at the value of `minReadySeconds`, the',
      'only value written that takes part.',
      '',
      'Fails:',
      '',
      '```yaml',
      'spec:',
      '  minReadySeconds: 600',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'spec:',
      '  minReadySeconds: 600',
      '  progressDeadlineSeconds: 900',
      '```',
    ].join('\n'),
  },
  check(context) {
    const minReady = context.effective(['spec', 'minReadySeconds']);
    const deadline = context.effective(['spec', 'progressDeadlineSeconds']);
    // Negative values are schema/range findings already; comparing them would say it twice.
    if (!isInteger(minReady) || !isInteger(deadline) || minReady < 0 || deadline < 0) return;
    if (deadline > minReady) return;
    if (valueAt(context.value, ['spec', 'progressDeadlineSeconds']) !== undefined) {
      context.report({
        path: ['spec', 'progressDeadlineSeconds'],
        message: `progressDeadlineSeconds (${deadline}) must be greater than minReadySeconds (${minReady}); otherwise every rollout fails before a new pod can count as available`,
      });
    } else {
      // The server names the defaulted deadline's path, which has no text: the range is the
      // written minReadySeconds (a value linted without text keeps the missing-field place).
      const written = context.scalarSource(['spec', 'minReadySeconds']);
      context.report({
        path: ['spec', 'progressDeadlineSeconds'],
        ...(written ? { span: { start: written.offset, end: written.offset + written.source.trimEnd().length } } : { target: 'missing' as const }),
        message: `minReadySeconds (${minReady}) must be less than progressDeadlineSeconds, which defaults to ${deadline}; lower minReadySeconds or set a larger progressDeadlineSeconds`,
      });
    }
  },
});
