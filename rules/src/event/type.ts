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
    messages: {
      caseOnly: 'type "{{type}}" is spelled "{{spelled}}" (event types are case-sensitive)',
      unknownType:
        'type "{{type}}" is neither "Normal" nor "Warning"; consumers of events may not understand it, so use one of the two unless a new type has been defined',
    },
  },
  check(context) {
    const type = context.value.type;
    if (typeof type !== 'string' || KNOWN.includes(type)) return;
    const spelled = KNOWN.find((k) => k.toLowerCase() === type.toLowerCase());
    if (spelled) {
      context.report({ path: ['type'], messageId: 'caseOnly', data: { type, spelled }, fix: { text: spelled } });
      return;
    }
    context.report({ path: ['type'], messageId: 'unknownType', data: { type } });
  },
});
