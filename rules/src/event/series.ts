import { defineRule } from '@platlint/core';
import { isObject } from '../kit/objects.js';
import docs from './series.md';

export default defineRule({
  meta: {
    id: 'event/series',
    description: 'An Event series has a count of at least 2 and a lastObservedTime.',
    kinds: ['Event'],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document A, Event (EventSeries); upstream (events v1 series checks)',
    docs,
    messages: {
      noCount: 'series has no count: give the number of occurrences so far (at least 2), or remove series for a one-off event',
      countBelowTwo:
        'series count {{count}} is below 2: a series has at least two occurrences; remove series for a one-off event',
      noLastObservedTime: 'series has no lastObservedTime: give the time of the latest occurrence',
    },
  },
  check(context) {
    const series = context.value.series;
    if (!isObject(series)) return;
    const count = series.count;
    if (count === undefined) {
      context.report({ path: ['series', 'count'], target: 'key', messageId: 'noCount' });
    } else if (typeof count === 'number' && count < 2) {
      context.report({ path: ['series', 'count'], messageId: 'countBelowTwo', data: { count } });
    }
    if (series.lastObservedTime === undefined) {
      context.report({ path: ['series', 'lastObservedTime'], target: 'key', messageId: 'noLastObservedTime' });
    }
  },
});
