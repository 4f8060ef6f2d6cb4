import { defineRule, valueAt } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { isInteger } from '../kit/objects.js';
import docs from './rolling-update-limits.md';

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
    docs,
    messages: {
      negative: '{{field}} {{value}} is negative; use an integer of 0 or more, or a percentage such as "25%"',
      unavailableOver100: 'maxUnavailable "{{unavailable}}" is over 100%; at most every pod can be unavailable',
      bothZero:
        'maxUnavailable and maxSurge are both 0, so the rollout could never replace a pod; allow at least one of them to be above 0',
    },
  },
  check(context) {
    // Under Recreate neither field is defaulted, and a rollingUpdate block is its own finding.
    if (context.effective(['spec', 'strategy', 'type']) !== 'RollingUpdate') return;
    let negative = false;
    for (const path of [SURGE, UNAVAILABLE]) {
      const value = valueAt(context.value, path);
      if (isInteger(value) && value < 0) {
        negative = true;
        context.report({ path, messageId: 'negative', data: { field: String(path.at(-1)), value } });
      }
    }
    const unavailable = valueAt(context.value, UNAVAILABLE);
    if (typeof unavailable === 'string' && /^\d+%$/.test(unavailable) && Number(unavailable.slice(0, -1)) > 100) {
      context.report({ path: UNAVAILABLE, messageId: 'unavailableOver100', data: { unavailable } });
    }
    if (!negative && isZero(context.effective(SURGE)) && isZero(context.effective(UNAVAILABLE))) {
      context.report({
        path: UNAVAILABLE,
        messageId: 'bothZero',
      });
    }
  },
});
