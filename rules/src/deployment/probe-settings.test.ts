import { RuleTester } from '@platlint/core/testing';
import rule from './probe-settings.js';
import { deploymentWithContainer } from './fixtures.js';

const deployment = (probes: string): string => deploymentWithContainer(`${probes}`);

RuleTester.run(rule, {
  valid: [
    {
      name: 'a liveness probe with a termination grace period',
      yaml: deployment('        livenessProbe: {exec: {command: ["true"]}, terminationGracePeriodSeconds: 10}\n'),
    },
    {
      name: 'all at their minimum, and readiness with several successes',
      yaml: deployment(
        '        livenessProbe: {exec: {command: ["true"]}, periodSeconds: 1, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 1, initialDelaySeconds: 0}\n        readinessProbe: {tcpSocket: {port: 80}, successThreshold: 3}\n',
      ),
    },
  ],
  invalid: [
    {
      name: 'a readiness probe with a termination grace period',
      yaml: deployment('        readinessProbe: {tcpSocket: {port: 80}, terminationGracePeriodSeconds: 10}\n'),
      errors: [
        {
          path: 'spec.template.spec.containers[0].readinessProbe.terminationGracePeriodSeconds',
          messageId: 'gracePeriodOnReadiness',
        },
      ],
    },
    {
      name: 'negative values',
      yaml: deployment('        readinessProbe: {tcpSocket: {port: 80}, periodSeconds: -1, initialDelaySeconds: -5}\n'),
      errors: [
        {
          path: 'spec.template.spec.containers[0].readinessProbe.periodSeconds',
          messageId: 'negative',
          data: { field: 'periodSeconds', value: -1 },
          line: 12,
          column: 64,
        },
        {
          path: 'spec.template.spec.containers[0].readinessProbe.initialDelaySeconds',
          messageId: 'negativeDelay',
          data: { delay: -5 },
        },
      ],
    },
    {
      name: 'an explicit 0 is a warning with the default as fix',
      yaml: deployment(
        '        readinessProbe:\n          tcpSocket: {port: 80}\n          failureThreshold: 0\n          timeoutSeconds: 0\n',
      ),
      errors: [
        {
          path: 'spec.template.spec.containers[0].readinessProbe.failureThreshold',
          severity: 'warning',
          messageId: 'zeroReplacedByDefault',
          data: { field: 'failureThreshold', fallback: 3 },
          fix: '3',
          line: 14,
          column: 29,
        },
        {
          path: 'spec.template.spec.containers[0].readinessProbe.timeoutSeconds',
          severity: 'warning',
          messageId: 'zeroReplacedByDefault',
          data: { field: 'timeoutSeconds', fallback: 1 },
          fix: '1',
        },
      ],
    },
    {
      name: 'liveness and startup need successThreshold 1',
      yaml: deployment(
        '        livenessProbe: {exec: {command: ["true"]}, successThreshold: 2}\n        startupProbe: {exec: {command: ["true"]}, successThreshold: 3}\n',
      ),
      errors: [
        {
          path: 'spec.template.spec.containers[0].livenessProbe.successThreshold',
          messageId: 'successThresholdNotOne',
          data: { kind: 'livenessProbe', success: 2 },
          fix: '1',
        },
        {
          path: 'spec.template.spec.containers[0].startupProbe.successThreshold',
          messageId: 'successThresholdNotOne',
          data: { kind: 'startupProbe', success: 3 },
          fix: '1',
        },
      ],
    },
  ],
});
