import { defineRule } from '@platlint/core';
import docs from './type.md';

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
    docs,
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
