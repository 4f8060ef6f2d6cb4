import { defineRule, schemaAt } from '@platlint/core';
import { PLC_KIND, intAt, objAt } from './shape.js';

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
    docs: [
      '0 or an omitted value of `queues` and `handSize` is replaced by the default (64 queues, hand',
      'size 8); the ranges of single fields (none negative, `queues` at most 10,000,000) are facts',
      'of the schema, reported by `schema/range`. Each flow is shuffle-sharded over `handSize` of the queues, so `handSize` cannot',
      'exceed `queues`, and the hand must be drawable from the 60 bits of hash the server uses:',
      '`handSize × log2(queues)` rounded up is at most 60.',
      '',
      'Source: upstream validation; the spec does not describe this kind.',
      '',
      'Fails: `{queues: 8, handSize: 16}`, `{queues: 1000000, handSize: 10}` (200 bits).',
      'Passes: `{queues: 64, handSize: 6, queueLengthLimit: 50}`.',
    ].join('\n'),
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
      context.report({ path: [...path, 'handSize'], message: `handSize ${handSize} is larger than queues (${queues}); a flow cannot be spread over more queues than exist` });
      return;
    }
    const bits = Math.ceil(handSize * Math.log2(queues));
    if (bits > MAX_HASH_BITS) context.report({ path: [...path, 'handSize'], message: `handSize ${handSize} with ${queues} queues needs ${bits} bits of hash, more than the ${MAX_HASH_BITS} available; use a smaller handSize or fewer queues` });
  },
});
