import { defineRule, valueAt } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { docsDeploymentWithStrategy, isInteger } from './pod.js';

const ROLLING: FieldPath = ['spec', 'strategy', 'rollingUpdate'];
const SURGE: FieldPath = [...ROLLING, 'maxSurge'];
const UNAVAILABLE: FieldPath = [...ROLLING, 'maxUnavailable'];

/** 0, "0%" and "00%" all allow nothing; the server compares the number before the '%'. */
function isZero(value: unknown): boolean {
  return value === 0 || (typeof value === 'string' && /^0+%$/.test(value));
}

export default defineRule({
  meta: {
    id: 'deployment/rolling-update-limits',
    description: 'maxSurge and maxUnavailable are non-negative, not both zero, and maxUnavailable is at most 100%.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (RollingUpdateDeployment)',
    docs: [
      'Checks `spec.strategy.rollingUpdate` of a `RollingUpdate` Deployment, after defaulting',
      '(both fields default to `25%`, but only for the RollingUpdate strategy):',
      '',
      '- `maxSurge` and `maxUnavailable` are non-negative: an integer ≥ 0 or a percentage such as',
      '  `25%` (other forms are `schema/format` findings);',
      '- they are not both zero (`"0%"` counts as zero): the rollout could neither add a pod nor',
      '  remove one, and would never progress. Reported at `maxUnavailable`;',
      '- a percentage `maxUnavailable` is at most `100%`. An integer `maxUnavailable` and `maxSurge`',
      '  have no upper bound.',
      '',
      'Spec: A Deployment, `strategy.rollingUpdate.maxSurge` and `.maxUnavailable` ("Cannot be 0 if',
      'the other is 0"). The bound of 100% comes from upstream (API server validation, Deployment).',
      '',
      'Upstream differs: the zero check uses the raw value and never applies the spec\'s rounding',
      '(percentages rounded up for maxSurge and down for maxUnavailable), which is a runtime',
      'behaviour of the controller; so `maxSurge: 0, maxUnavailable: "1%"` passes here as it does',
      'upstream, even though with few replicas it may round to 0 at run time.',
      '',
      'Fails:',
      '',
      ...docsDeploymentWithStrategy('    rollingUpdate: {maxSurge: 0, maxUnavailable: 0}'),
      '',
      'Passes:',
      '',
      ...docsDeploymentWithStrategy('    rollingUpdate: {maxSurge: 0, maxUnavailable: 1}'),
    ].join('\n'),
  },
  check(context) {
    // Under Recreate neither field is defaulted, and a rollingUpdate block is its own finding.
    if (context.effective(['spec', 'strategy', 'type']) !== 'RollingUpdate') return;
    let negative = false;
    for (const path of [SURGE, UNAVAILABLE]) {
      const value = valueAt(context.value, path);
      if (isInteger(value) && value < 0) {
        negative = true;
        context.report({ path, message: `${String(path.at(-1))} ${value} is negative; use an integer of 0 or more, or a percentage such as "25%"` });
      }
    }
    const unavailable = valueAt(context.value, UNAVAILABLE);
    if (typeof unavailable === 'string' && /^\d+%$/.test(unavailable) && Number(unavailable.slice(0, -1)) > 100) {
      context.report({ path: UNAVAILABLE, message: `maxUnavailable "${unavailable}" is over 100%; at most every pod can be unavailable` });
    }
    if (!negative && isZero(context.effective(SURGE)) && isZero(context.effective(UNAVAILABLE))) {
      context.report({
        path: UNAVAILABLE,
        message: 'maxUnavailable and maxSurge are both 0, so the rollout could never replace a pod; allow at least one of them to be above 0',
      });
    }
  },
});
