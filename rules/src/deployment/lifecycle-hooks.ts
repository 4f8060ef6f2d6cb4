import { defineRule, gateEnabled, isJsonObject } from '@platlint/core';
import { checkOneHandler, handlerMessages, hooksOf } from './pod.js';
import type { FieldPath, RuleContext } from '@platlint/core';
import { podSpec } from '../kit/paths.js';
import { isInteger, type Obj } from '../kit/objects.js';
import docs from './lifecycle-hooks.md';

const HANDLERS = ['exec', 'httpGet', 'tcpSocket', 'sleep'];

export default defineRule({
  meta: {
    id: 'deployment/lifecycle-hooks',
    description: 'Each lifecycle hook has exactly one action (exec, httpGet, tcpSocket or sleep) with a valid port.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (container lifecycle)',
    docs,
    messages: {
      ...handlerMessages({
        none: 'has no action; set one of exec, httpGet or sleep',
        many: 'a hook runs exactly one action, remove all but one',
        owner: 'hook',
      }),
      sleepTooLong:
        "sleep of {{seconds}}s is longer than the pod's terminationGracePeriodSeconds ({{gracePeriod}}); shorten the sleep or raise the grace period",
      zeroSleepGated:
        'a sleep of 0 seconds needs feature gate PodLifecycleSleepActionAllowZero, which is off here; sleep at least 1 second',
    },
  },
  check(context) {
    const gracePeriod = gracePeriodOf(podSpec(context.value));
    const allowZero = gateEnabled(context.settings.featureGates, 'PodLifecycleSleepActionAllowZero', context.settings.release);
    for (const { handler, kind: hook, path } of hooksOf(context.value)) {
      checkOneHandler(context, handler, path, HANDLERS, hook);
      checkSleep(context, handler, path, gracePeriod, allowZero);
    }
  },
});

/** The server's default when the template leaves terminationGracePeriodSeconds out. */
const DEFAULT_GRACE_PERIOD = 30;

function gracePeriodOf(pod: Obj | undefined): number | undefined {
  const value = pod?.terminationGracePeriodSeconds;
  if (value === undefined || value === null) return DEFAULT_GRACE_PERIOD;
  // Another shape is a schema finding, which the sleep check should not repeat.
  return isInteger(value) ? value : undefined;
}

/**
 * validateSleepAction (pkg/apis/core/validation/validation.go at
 * 000f26050b9be6fb3d79fae95e06b47fc96128cd): a sleep may not outlast the pod's grace period, or the
 * kubelet would kill the container in the middle of it. Zero (which a missing `seconds` decodes
 * to) is allowed only with PodLifecycleSleepActionAllowZero on; a negative value is a schema finding.
 */
function checkSleep(
  context: RuleContext,
  handler: Obj,
  hook: FieldPath,
  gracePeriod: number | undefined,
  allowZero: boolean,
): void {
  const sleep = handler.sleep;
  if (gracePeriod === undefined || !isJsonObject(sleep)) return;
  const at = [...hook, 'sleep'];
  const seconds = sleep.seconds ?? 0;
  if (!isInteger(seconds)) return;
  if (seconds > gracePeriod) {
    context.report({ path: [...at, 'seconds'], messageId: 'sleepTooLong', data: { seconds, gracePeriod } });
  } else if (seconds === 0 && !allowZero) {
    const present = sleep.seconds !== undefined && sleep.seconds !== null;
    context.report({ path: present ? [...at, 'seconds'] : at, target: present ? 'value' : 'key', messageId: 'zeroSleepGated' });
  }
}
