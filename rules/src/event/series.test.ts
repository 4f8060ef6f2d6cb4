import { RuleTester } from '@platlint/core/testing';
import rule from './series.js';

const event = (series: string): string => `apiVersion: v1
kind: Event
metadata: {name: trainer-0.17a3f2d4, namespace: ml}
involvedObject: {kind: Pod, namespace: ml, name: trainer-0}
eventTime: "2026-07-24T10:15:30.123456Z"
reportingComponent: default-scheduler
reportingInstance: default-scheduler-1
action: Scheduling
reason: FailedScheduling
${series}`;

RuleTester.run(rule, {
  valid: [
    { name: 'a complete series', yaml: event('series: {count: 2, lastObservedTime: "2026-07-24T10:19:30.654321Z"}\n') },
    { name: 'a singleton without series', yaml: event('') },
  ],
  invalid: [
    {
      name: 'count of one',
      yaml: event('series: {count: 1, lastObservedTime: "2026-07-24T10:19:30Z"}\n'),
      errors: [
        { severity: 'warning', path: 'series.count', messageId: 'countBelowTwo', data: { count: 1 }, line: 10, column: 17 },
      ],
    },
    {
      name: 'negative count',
      yaml: event('series: {count: -4, lastObservedTime: "2026-07-24T10:19:30Z"}\n'),
      errors: [{ path: 'series.count', message: /^series count -4 is below 2/ }],
    },
    {
      name: 'both fields missing',
      yaml: event('series: {}\n'),
      errors: [
        { path: 'series.count', messageId: 'noCount', line: 10, column: 1 },
        { path: 'series.lastObservedTime', messageId: 'noLastObservedTime', line: 10, column: 1 },
      ],
    },
    {
      name: 'no lastObservedTime, in a list',
      yaml: `apiVersion: v1\nkind: EventList\nitems:\n- metadata: {name: a.1, namespace: ml}\n  involvedObject: {kind: Pod, namespace: ml, name: a}\n  series:\n    count: 3\n`,
      errors: [{ path: 'items[0].series.lastObservedTime', message: /^series has no lastObservedTime/, line: 6, column: 3 }],
    },
  ],
});
