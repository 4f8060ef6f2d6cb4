import { defineRule } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { microseconds } from './shared.js';
import { isObject } from '../kit/objects.js';
import { upstreamPathText } from '../kit/paths.js';
import docs from './timestamp-order.md';

export default defineRule({
  meta: {
    id: 'event/timestamp-order',
    description: 'The latest occurrence of an Event is not earlier than its first.',
    kinds: ['Event'],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document A, Event (firstTimestamp, lastTimestamp, eventTime, EventSeries.lastObservedTime)',
    docs,
    messages: {
      lastBeforeFirst:
        '{{lastField}} "{{last}}" is earlier than {{firstName}} "{{first}}"; the latest occurrence cannot precede the first: check whether the two are swapped',
    },
  },
  check(context) {
    const event = context.value;
    const series = isObject(event.series) ? event.series : {};
    const pairs: [string, unknown, FieldPath, unknown][] = [
      ['firstTimestamp', event.firstTimestamp, ['lastTimestamp'], event.lastTimestamp],
      ['eventTime', event.eventTime, ['series', 'lastObservedTime'], series.lastObservedTime],
    ];
    for (const [firstName, first, lastPath, last] of pairs) {
      const from = microseconds(first);
      const to = microseconds(last);
      if (from === undefined || to === undefined || to >= from) continue;
      context.report({
        path: lastPath,
        messageId: 'lastBeforeFirst',
        data: { lastField: upstreamPathText(lastPath), last: String(last), firstName, first: String(first) },
      });
    }
  },
});
