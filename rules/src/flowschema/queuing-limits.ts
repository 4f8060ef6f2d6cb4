import { defineRule, schemaAt } from '@platlint/core';
import { PLC_KIND } from './shape.js';
import { intAt, objAt } from '../kit/objects.js';
import docs from './queuing-limits.md';

/** Shuffle sharding draws a hand from one 64-bit hash, of which it may use 60 bits. */
const MAX_HASH_BITS = 60;

export default defineRule({
  meta: {
    id: 'flowschema/queuing-limits',
    description: 'handSize fits the queues and the hash.',
    kinds: [PLC_KIND],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API types, flowcontrol/v1.QueuingConfiguration)',
    docs,
    messages: {
      handSizeAboveQueues:
        'handSize {{handSize}} is larger than queues ({{queues}}); a flow cannot be spread over more queues than exist',
      tooManyBits:
        'handSize {{handSize}} with {{queues}} queues needs {{bits}} bits of hash, more than the {{maxBits}} available; use a smaller handSize or fewer queues',
    },
  },
  check(context) {
    const path = ['spec', 'limited', 'limitResponse', 'queuing'];
    const queuing = objAt(objAt(objAt(objAt(context.value, 'spec'), 'limited'), 'limitResponse'), 'queuing');
    if (!queuing) return;
    // The server's defaulter fills a missing or 0 queues and handSize (their schema defaults, 64
    // and 8) before validation, so `queuing: {queues: 4}` is refused for the default handSize of 8.
    const value = (field: 'queues' | 'handSize'): number | undefined => {
      const explicit = intAt(queuing, field);
      if (explicit !== undefined && explicit !== 0) return explicit;
      const fallback = schemaAt(context.schema, [...path, field])?.default;
      return typeof fallback === 'number' ? fallback : undefined;
    };
    const queues = value('queues');
    const handSize = value('handSize');
    // Out of range values are the schema's findings (schema/range); nothing to compare them with.
    if (handSize === undefined || handSize <= 0 || queues === undefined || queues <= 0) return;
    if (handSize > queues) {
      context.report({ path: [...path, 'handSize'], messageId: 'handSizeAboveQueues', data: { handSize, queues } });
      return;
    }
    const bits = Math.ceil(handSize * Math.log2(queues));
    if (bits > MAX_HASH_BITS)
      context.report({
        path: [...path, 'handSize'],
        messageId: 'tooManyBits',
        data: { handSize, queues, bits, maxBits: MAX_HASH_BITS },
      });
  },
});
