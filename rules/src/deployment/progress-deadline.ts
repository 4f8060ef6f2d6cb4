import { defineRule, valueAt } from '@platlint/core';
import { isInteger } from '../kit/objects.js';
import docs from './progress-deadline.md';

export default defineRule({
  meta: {
    id: 'deployment/progress-deadline',
    description: 'progressDeadlineSeconds (default 600) must be greater than minReadySeconds.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (DeploymentSpec); upstream (API server validation, Deployment)',
    docs,
    messages: {
      deadlineNotAboveMinReady:
        'progressDeadlineSeconds ({{deadline}}) must be greater than minReadySeconds ({{minReady}}); otherwise every rollout fails before a new pod can count as available',
      minReadyNotBelowDefaultDeadline:
        'minReadySeconds ({{minReady}}) must be less than progressDeadlineSeconds, which defaults to {{deadline}}; lower minReadySeconds or set a larger progressDeadlineSeconds',
    },
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
        messageId: 'deadlineNotAboveMinReady',
        data: { deadline, minReady },
      });
    } else {
      // The server names the defaulted deadline's path, which has no text: the range is the
      // written minReadySeconds (a value linted without text keeps the missing-field place).
      const written = context.scalarSource(['spec', 'minReadySeconds']);
      context.report({
        path: ['spec', 'progressDeadlineSeconds'],
        ...(written
          ? { span: { start: written.offset, end: written.offset + written.source.trimEnd().length } }
          : { target: 'missing' as const }),
        messageId: 'minReadyNotBelowDefaultDeadline',
        data: { minReady, deadline },
      });
    }
  },
});
