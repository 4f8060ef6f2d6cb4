import { defineRule } from '@platlint/core';
import { probesOf } from './pod.js';
import { isInteger } from '../kit/objects.js';
import docs from './probe-settings.md';

/** Fields that must be at least 1, with the value the server puts in place of an explicit 0. */
const AT_LEAST_ONE = { periodSeconds: 10, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 } as const;
const AT_LEAST_ONE_FIELDS = Object.keys(AT_LEAST_ONE) as (keyof typeof AT_LEAST_ONE)[];

export default defineRule({
  meta: {
    id: 'deployment/probe-settings',
    description: 'Probe periods, timeouts and thresholds are at least 1; liveness and startup probes need successThreshold 1.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream pod validation',
    fixable: true,
    docs,
    messages: {
      negative: '{{field}} {{value}} is negative; it must be at least 1',
      zeroReplacedByDefault:
        '{{field}} 0 is replaced by the default {{fallback}}; write the value you mean (at least 1) or leave the field out',
      negativeDelay: 'initialDelaySeconds {{delay}} is negative; use 0 or more',
      gracePeriodOnReadiness:
        'terminationGracePeriodSeconds is not allowed on a readiness probe, whose failure kills nothing; remove it',
      successThresholdNotOne:
        'successThreshold of a {{kind}} must be 1, not {{success}}; only readiness probes can ask for several successes',
    },
  },
  check(context) {
    for (const { handler: probe, kind, path } of probesOf(context.value)) {
      for (const field of AT_LEAST_ONE_FIELDS) {
        const value = probe[field];
        const fallback = AT_LEAST_ONE[field];
        if (!isInteger(value) || value >= 1) continue;
        const at = [...path, field];
        if (value < 0) context.report({ path: at, messageId: 'negative', data: { field, value } });
        else
          context.report({
            path: at,
            severity: 'warning',
            messageId: 'zeroReplacedByDefault',
            data: { field, fallback },
            fix: { text: String(fallback) },
          });
      }
      const delay = probe.initialDelaySeconds;
      if (isInteger(delay) && delay < 0) {
        context.report({ path: [...path, 'initialDelaySeconds'], messageId: 'negativeDelay', data: { delay } });
      }
      const grace = probe.terminationGracePeriodSeconds;
      if (kind === 'readinessProbe' && grace !== undefined && grace !== null) {
        context.report({ path: [...path, 'terminationGracePeriodSeconds'], target: 'key', messageId: 'gracePeriodOnReadiness' });
      }
      const success = probe.successThreshold;
      if (kind !== 'readinessProbe' && isInteger(success) && success > 1) {
        context.report({
          path: [...path, 'successThreshold'],
          messageId: 'successThresholdNotOne',
          data: { kind, success },
          fix: { text: '1' },
        });
      }
    }
  },
});
