import { defineRule } from '@platlint/core';
import { COMPOSITE_POD_GROUP, POD_GROUP, checkExactlyOne, spec } from './shared.js';
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
  },
  check(context) {
    const mode = spec(context.value)?.disruptionMode;
    if (!isObject(mode)) return; // absent means the default single mode; other types are structural findings
    checkExactlyOne(context, ['spec', 'disruptionMode'], mode, ['single', 'all'], 'the disruption mode', ', or leave the field out for "single"');
  },
});
