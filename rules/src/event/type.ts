import { defineRule } from '@platlint/core';

const KNOWN = ['Normal', 'Warning'];

export default defineRule({
  meta: {
    id: 'event/type',
    description: 'An Event type is Normal or Warning; other types may not be understood.',
    kinds: ['Event'],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document A, Event (type)',
    fixable: true,
    docs: [
      'The spec names two event types, `Normal` and `Warning`, and says more may be added. A',
      'type outside the two is therefore not an error, but tools that sort or alert on events',
      'know only these two and will likely ignore or misfile it: the rule warns. A value that',
      'differs from one of them only in case (`warning`) gets a fix to the right spelling, since',
      'the values are case-sensitive. An Event without `type` is not reported.',
      '',
      'Spec: document A, Event `type`. Upstream checks the type only for `events.plat.io/v1`',
      'requests; the core `v1` Event accepts any type, `Custom` included.',
      '',
      'Warns:',
      '',
      '```yaml',
      'type: Error',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'type: Warning',
      '```',
    ].join('\n'),
  },
  check(context) {
    const type = context.value.type;
    if (typeof type !== 'string' || KNOWN.includes(type)) return;
    const spelled = KNOWN.find((k) => k.toLowerCase() === type.toLowerCase());
    if (spelled) {
      context.report({ path: ['type'], message: `type "${type}" is spelled "${spelled}" (event types are case-sensitive)`, fix: { text: spelled } });
      return;
    }
    context.report({ path: ['type'], message: `type "${type}" is neither "Normal" nor "Warning"; consumers of events may not understand it, so use one of the two unless a new type has been defined` });
  },
});
