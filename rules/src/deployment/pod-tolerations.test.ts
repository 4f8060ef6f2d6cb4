import { RuleTester } from '@platlint/core/testing';
import { deploymentWithPod } from './fixtures.js';
import rule from './pod-tolerations.js';

const tolerations = (...entries: string[]): string =>
  deploymentWithPod(`      tolerations:\n${entries.map((e) => `      - ${e}\n`).join('')}`);
const at = 'spec.template.spec.tolerations[0]';

RuleTester.run(rule, {
  valid: [
    { yaml: tolerations('{operator: Exists}') },
    { yaml: tolerations('{key: "", operator: Exists, effect: NoExecute, tolerationSeconds: 0}') },
    { yaml: tolerations('{key: gpu, operator: Equal, value: "true", effect: NoSchedule}') },
    // No operator with a key: the server reads it as Equal.
    { yaml: tolerations('{key: gpu, value: ""}') },
    { yaml: tolerations('{key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 300}') },
  ],
  invalid: [
    {
      yaml: tolerations('{key: gpu, operator: Exists, value: "true"}'),
      errors: [{ path: `${at}.operator`, messageId: 'existsWithValue', data: { value: 'true' } }],
    },
    { yaml: tolerations('{operator: Equal, value: x}'), errors: [{ path: `${at}.operator`, messageId: 'emptyKeyNeedsExists' }] },
    {
      name: 'no key and no operator',
      yaml: tolerations('{effect: NoSchedule}'),
      errors: [{ path: `${at}.operator`, messageId: 'emptyKeyNeedsExists' }],
    },
    {
      yaml: tolerations('{key: gpu, operator: Exists, effect: NoSchedule, tolerationSeconds: 20}'),
      errors: [{ path: `${at}.effect`, messageId: 'secondsWithoutNoExecute' }],
    },
    {
      name: 'tolerationSeconds without an effect',
      yaml: tolerations('{key: gpu, operator: Exists, tolerationSeconds: 20}'),
      errors: [{ path: `${at}.effect`, messageId: 'secondsWithoutNoExecute' }],
    },
  ],
});
