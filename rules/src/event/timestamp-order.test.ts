import { RuleTester } from '@platlint/core/testing';
import rule from './timestamp-order.js';

const event = (times: string): string => `apiVersion: v1
kind: Event
metadata: {name: web.17a3f0c2, namespace: shop}
involvedObject: {kind: Pod, namespace: shop, name: web-0}
reason: Unhealthy
${times}`;

const newStyle = (eventTime: string, lastObserved: string): string =>
  event(`eventTime: "${eventTime}"
series: {count: 3, lastObservedTime: "${lastObserved}"}
reportingComponent: kubelet
reportingInstance: worker-1
action: Probe
`);

RuleTester.run(rule, {
  valid: [
    { name: 'in order', yaml: event('firstTimestamp: "2026-07-24T09:13:40Z"\nlastTimestamp: "2026-07-24T09:18:10Z"\n') },
    { name: 'equal', yaml: event('firstTimestamp: "2026-07-24T09:13:40Z"\nlastTimestamp: "2026-07-24T09:13:40Z"\n') },
    {
      name: 'in order across time zones',
      yaml: event('firstTimestamp: "2026-07-24T09:13:40Z"\nlastTimestamp: "2026-07-24T10:00:00+00:40"\n'),
    },
    { name: 'in order by a microsecond', yaml: newStyle('2026-07-24T10:15:30.123456Z', '2026-07-24T10:15:30.123457Z') },
    { name: 'only one of the pair', yaml: event('lastTimestamp: "2026-07-24T09:18:10Z"\n') },
  ],
  invalid: [
    {
      name: 'swapped legacy timestamps',
      yaml: event('firstTimestamp: "2026-07-24T09:18:10Z"\nlastTimestamp: "2026-07-24T09:13:40Z"\n'),
      errors: [
        {
          path: 'lastTimestamp',
          messageId: 'lastBeforeFirst',
          data: {
            lastField: 'lastTimestamp',
            last: '2026-07-24T09:13:40Z',
            firstName: 'firstTimestamp',
            first: '2026-07-24T09:18:10Z',
          },
          line: 7,
          column: 16,
        },
      ],
    },
    {
      name: 'earlier once the zone is applied',
      yaml: event('firstTimestamp: "2026-07-24T09:13:40Z"\nlastTimestamp: "2026-07-24T10:00:00+01:00"\n'),
      errors: [{ path: 'lastTimestamp', message: /^lastTimestamp "2026-07-24T10:00:00\+01:00" is earlier than firstTimestamp/ }],
    },
    {
      name: 'a series observed before it began, by a microsecond',
      yaml: newStyle('2026-07-24T10:15:30.123456Z', '2026-07-24T10:15:30.123455Z'),
      errors: [
        {
          path: 'series.lastObservedTime',
          message:
            /^series\.lastObservedTime "2026-07-24T10:15:30.123455Z" is earlier than eventTime "2026-07-24T10:15:30.123456Z"/,
        },
      ],
    },
  ],
});
