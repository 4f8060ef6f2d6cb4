import { defineRule } from '@platlint/core';
import { isInteger, probesOf, docsWebContainer } from './pod.js';

/** Fields that must be at least 1, with the value the server puts in place of an explicit 0. */
const AT_LEAST_ONE = { periodSeconds: 10, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 } as const;

export default defineRule({
  meta: {
    id: 'deployment/probe-settings',
    description: 'Probe periods, timeouts and thresholds are at least 1; liveness and startup probes need successThreshold 1.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream pod validation',
    fixable: true,
    docs: [
      'In every probe of the pod template:',
      '',
      '- `periodSeconds`, `timeoutSeconds`, `successThreshold` and `failureThreshold` are at least 1,',
      '  and `initialDelaySeconds` is at least 0. A negative value is an error. An explicit 0 is a',
      '  warning: the server silently replaces it with the default (10, 1, 1 and 3), which is rarely',
      '  what a 0 meant; the fix writes that default.',
      '- `livenessProbe` and `startupProbe` take `successThreshold: 1` only: one success is enough',
      '  to count a container as alive or started.',
      '- `terminationGracePeriodSeconds` is for liveness and startup probes, whose failure kills the',
      '  container; a readiness probe kills nothing, and the server refuses it there.',
      '',
      'Upstream differs on 0: it accepts it (and defaults it) without a word.',
      '',
      'Fails:',
      '',
      ...docsWebContainer(
        '        livenessProbe:',
        '          httpGet: {path: /healthz, port: 8080}',
        '          successThreshold: 3',
      ),
      '',
      'Passes:',
      '',
      ...docsWebContainer(
        '        readinessProbe:',
        '          httpGet: {path: /ready, port: 8080}',
        '          successThreshold: 3',
      ),
    ].join('\n'),
  },
  check(context) {
    for (const { probe, kind, path } of probesOf(context.value)) {
      for (const [field, fallback] of Object.entries(AT_LEAST_ONE)) {
        const value = probe[field];
        if (!isInteger(value) || value >= 1) continue;
        const at = [...path, field];
        if (value < 0) context.report({ path: at, message: `${field} ${value} is negative; it must be at least 1` });
        else context.report({ path: at, severity: 'warning', message: `${field} 0 is replaced by the default ${fallback}; write the value you mean (at least 1) or leave the field out`, fix: { text: String(fallback) } });
      }
      const delay = probe.initialDelaySeconds;
      if (isInteger(delay) && delay < 0) {
        context.report({ path: [...path, 'initialDelaySeconds'], message: `initialDelaySeconds ${delay} is negative; use 0 or more` });
      }
      const grace = probe.terminationGracePeriodSeconds;
      if (kind === 'readinessProbe' && grace !== undefined && grace !== null) {
        context.report({ path: [...path, 'terminationGracePeriodSeconds'], target: 'key', message: 'terminationGracePeriodSeconds is not allowed on a readiness probe, whose failure kills nothing; remove it' });
      }
      const success = probe.successThreshold;
      if (kind !== 'readinessProbe' && isInteger(success) && success > 1) {
        context.report({ path: [...path, 'successThreshold'], message: `successThreshold of a ${kind} must be 1, not ${success}; only readiness probes can ask for several successes`, fix: { text: '1' } });
      }
    }
  },
});
