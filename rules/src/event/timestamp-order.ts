import { defineRule } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { isJsonObject, microseconds } from './shared.js';

export default defineRule({
  meta: {
    id: 'event/timestamp-order',
    description: 'The latest occurrence of an Event is not earlier than its first.',
    kinds: ['Event'],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document A, Event (firstTimestamp, lastTimestamp, eventTime, EventSeries.lastObservedTime)',
    docs: [
      'An Event records when it was first seen and when it was last seen: `firstTimestamp` and',
      '`lastTimestamp` for a legacy event, `eventTime` and `series.lastObservedTime` for a',
      'new-style one. The latest occurrence cannot come before the first, so such a pair points',
      'to swapped fields or a clock problem in the reporter. Timestamps are compared to the',
      'microsecond, across time zones. That each one is well formed is the `schema/format` check.',
      '',
      'Spec: document A, Event and EventSeries (the meaning of the fields). Upstream does not',
      'check the order, hence a warning.',
      '',
      'Warns:',
      '',
      '```yaml',
      'firstTimestamp: "2026-07-24T09:18:10Z"',
      'lastTimestamp: "2026-07-24T09:13:40Z"',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'firstTimestamp: "2026-07-24T09:13:40Z"',
      'lastTimestamp: "2026-07-24T09:18:10Z"',
      '```',
    ].join('\n'),
  },
  check(context) {
    const event = context.value;
    const series = isJsonObject(event.series) ? event.series : {};
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
        message: `${lastPath.join('.')} "${String(last)}" is earlier than ${firstName} "${String(first)}"; the latest occurrence cannot precede the first: check whether the two are swapped`,
      });
    }
  },
});
