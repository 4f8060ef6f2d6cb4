import { defineRule } from '@platlint/core';
import { forEachObject } from '../kit/objects.js';
import { POD_SPEC, podSpec } from '../kit/paths.js';
import docs from './pod-tolerations.md';

export default defineRule({
  meta: {
    id: 'deployment/pod-tolerations',
    description: 'Tolerations of the pod template pair key, operator, value and effect as the server requires.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (tolerations)',
    docs,
    messages: {
      emptyKeyNeedsExists:
        'a toleration without a key matches every taint and needs operator Exists; set operator: Exists or name a key',
      existsWithValue:
        'operator Exists matches any value, so value "{{value}}" must be left out; use operator Equal to match that value',
      secondsWithoutNoExecute:
        'tolerationSeconds only applies to effect NoExecute; set effect: NoExecute or remove tolerationSeconds',
    },
  },
  check(context) {
    const pod = podSpec(context.value);
    if (!pod) return;
    forEachObject(pod.tolerations, (toleration, i) => {
      const { key, operator, value, effect, tolerationSeconds } = toleration;
      const hasKey = typeof key === 'string' && key !== '';
      if (!hasKey && operator !== 'Exists') {
        context.report({
          path: [...POD_SPEC, 'tolerations', i, 'operator'],
          target: operator === undefined ? 'key' : 'value',
          messageId: 'emptyKeyNeedsExists',
        });
      } else if (operator === 'Exists' && typeof value === 'string' && value !== '') {
        context.report({ path: [...POD_SPEC, 'tolerations', i, 'operator'], messageId: 'existsWithValue', data: { value } });
      }
      if (tolerationSeconds !== undefined && tolerationSeconds !== null && effect !== 'NoExecute') {
        context.report({
          path: [...POD_SPEC, 'tolerations', i, 'effect'],
          target: effect === undefined ? 'key' : 'value',
          messageId: 'secondsWithoutNoExecute',
        });
      }
    });
  },
});
