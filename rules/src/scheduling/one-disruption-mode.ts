import { defineRule } from '@platlint/core';
import { COMPOSITE_POD_GROUP, POD_GROUP, checkExactlyOne, isJsonObject, spec } from './shared.js';

export default defineRule({
  meta: {
    id: 'scheduling/one-disruption-mode',
    description: 'A disruption mode sets exactly one of single and all.',
    kinds: [POD_GROUP, COMPOSITE_POD_GROUP],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document B, PodGroup (disruptionMode); API document B, CompositePodGroup (disruptionMode)',
    docs: [
      '`spec.disruptionMode` chooses whether the children of a group may be disrupted one by one',
      '(`single`) or only together (`all`). The field is an object with exactly one of the members',
      '`single` and `all` set, each an empty object. Leaving the field out means `single: {}`; an empty',
      '`disruptionMode: {}` or one with both members is rejected.',
      '',
      'Where it is reported: with no member set, at the first member (its own path, placed on the',
      'nearest key that exists); with both set, at the second one written. The server itself reports',
      'the union as a whole.',
      '',
      'Spec: document B. For PodGroup the table says "Exactly one mode is set" and describes the object;',
      'it also words the field as "one of `Single`, `All`", and the CompositePodGroup table words it only',
      'that way. Those names are the modes, not the YAML: the field is written `single: {}` or `all: {}`',
      '(a plain string such as `Single` is a type error).',
      '',
      'Fails:',
      '```yaml',
      'spec:',
      '  disruptionMode: {}',
      '```',
      'Passes:',
      '```yaml',
      'spec:',
      '  disruptionMode:',
      '    all: {}',
      '```',
    ].join('\n'),
  },
  check(context) {
    const mode = spec(context.value)?.disruptionMode;
    if (!isJsonObject(mode)) return; // absent means the default single mode; other types are structural findings
    checkExactlyOne(context, ['spec', 'disruptionMode'], mode, ['single', 'all'], 'the disruption mode', ', or leave the field out for "single"');
  },
});
