import { checkOneOf, defineRule } from '@platlint/core';
import { COMPOSITE_POD_GROUP, POD_GROUP, spec } from './shared.js';
import { isObject } from '../kit/objects.js';
import docs from './one-disruption-mode.md';

export default defineRule({
  meta: {
    id: 'scheduling/one-disruption-mode',
    description: 'A disruption mode sets exactly one of single and all.',
    kinds: [POD_GROUP, COMPOSITE_POD_GROUP],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document B, PodGroup (disruptionMode); API document B, CompositePodGroup (disruptionMode)',
    docs,
    messages: {
      neither:
        'the disruption mode sets neither "single" nor "all"; set exactly one of them, or leave the field out for "single"',
      both: 'the disruption mode sets both "single" and "all"; keep exactly one of them',
    },
  },
  check(context) {
    const mode = spec(context.value)?.disruptionMode;
    if (!isObject(mode)) return; // absent means the default single mode; other types are structural findings
    checkOneOf(context, ['spec', 'disruptionMode'], ['single', 'all'], {
      noneMessage: { messageId: 'neither' },
      extraMessage: () => ({ messageId: 'both' }),
    });
  },
});
