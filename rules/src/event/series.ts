import { defineRule } from '@platlint/core';
import { isJsonObject } from './shared.js';

export default defineRule({
  meta: {
    id: 'event/series',
    description: 'An Event series has a count of at least 2 and a lastObservedTime.',
    kinds: ['Event'],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document A, Event (EventSeries); upstream (events v1 series checks)',
    docs: [
      '`series` describes something that keeps happening: the spec leaves it out (nil) for a',
      'singleton event. When it is given, both of its fields must be:',
      '',
      '- `count`, the occurrences up to the last heartbeat, at least 2 (one occurrence is a',
      '  singleton and has no series);',
      '- `lastObservedTime`, when the latest occurrence was seen.',
      '',
      'That `lastObservedTime` is a well-formed timestamp is the `schema/format` check.',
      '',
      'Spec: document A, Event and EventSeries. The server checks these fields only for',
      '`events.plat.io/v1` requests; a core `v1` Event (the kind linted here) is stored with any',
      'series, so the rule warns instead of reporting an error: a one-occurrence series or one',
      'without its last time is very likely a mistake of the tool that wrote it.',
      '',
      'Warns:',
      '',
      '```yaml',
      'series: {count: 1}',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'series: {count: 4, lastObservedTime: "2026-07-24T10:19:30.654321Z"}',
      '```',
    ].join('\n'),
  },
  check(context) {
    const series = context.value.series;
    if (!isJsonObject(series)) return;
    const count = series.count;
    if (count === undefined) {
      context.report({ path: ['series', 'count'], target: 'key', message: 'series has no count: give the number of occurrences so far (at least 2), or remove series for a one-off event' });
    } else if (typeof count === 'number' && count < 2) {
      context.report({ path: ['series', 'count'], message: `series count ${count} is below 2: a series has at least two occurrences; remove series for a one-off event` });
    }
    if (series.lastObservedTime === undefined) {
      context.report({ path: ['series', 'lastObservedTime'], target: 'key', message: 'series has no lastObservedTime: give the time of the latest occurrence' });
    }
  },
});
