import { RuleTester } from '@platlint/core/testing';
import rule from './reporting-fields.js';

const event = (fields: string): string => `apiVersion: v1
kind: Event
metadata: {name: trainer-0.17a3f2d4, namespace: ml}
involvedObject: {kind: Pod, namespace: ml, name: trainer-0}
${fields}`;

const complete = `eventTime: "2026-07-24T10:15:30.123456Z"
reportingComponent: example.com/trainer-controller
reportingInstance: trainer-controller-7c9d
action: Scheduling
reason: FailedScheduling
`;

RuleTester.run(rule, {
  valid: [
    { name: 'a complete new-style event', yaml: event(complete) },
    {
      name: 'limits at their edge',
      yaml: event(
        `${complete}message: "${'m'.repeat(1024)}"\n`.replace('reason: FailedScheduling', `reason: ${'r'.repeat(128)}`),
      ),
    },
    {
      name: 'a legacy event needs none of it and has no limits',
      yaml: event(`reason: ${'r'.repeat(300)}\nmessage: "${'m'.repeat(2000)}"\n`),
    },
  ],
  invalid: [
    {
      name: 'only eventTime and a reason',
      yaml: event('eventTime: "2026-07-24T10:15:30.123456Z"\nreason: FailedScheduling\n'),
      // All three sit on eventTime, so they come in message order.
      errors: [
        {
          path: 'action',
          messageId: 'required',
          data: { field: 'action', what: 'what was done or failed, such as "Scheduling"' },
          line: 5,
          column: 12,
        },
        {
          path: 'reportingComponent',
          messageId: 'required',
          data: {
            field: 'reportingComponent',
            what: 'the controller that emitted the event, as a qualified name such as "example.com/my-controller"',
          },
          line: 5,
          column: 12,
        },
        {
          path: 'reportingInstance',
          messageId: 'required',
          data: { field: 'reportingInstance', what: 'the instance of the controller, such as its pod name' },
          line: 5,
          column: 12,
        },
      ],
    },
    {
      name: 'an empty reason',
      yaml: event(complete.replace('reason: FailedScheduling', 'reason: ""')),
      errors: [{ path: 'reason', message: /^reason is required when eventTime is set/, line: 9, column: 9 }],
    },
    {
      name: 'too long, counted in bytes',
      yaml: event(`${complete.replace('action: Scheduling', `action: ${'é'.repeat(65)}`)}message: "${'m'.repeat(1025)}"\n`),
      errors: [
        { path: 'action', messageId: 'tooLong', data: { field: 'action', bytes: 130, limit: 128 } },
        { path: 'message', messageId: 'messageTooLong', data: { bytes: 1025, limit: 1024 } },
      ],
    },
    {
      name: 'a reportingComponent that is not a qualified name',
      yaml: event(complete.replace('example.com/trainer-controller', '"trainer controller"')),
      errors: [
        {
          path: 'reportingComponent',
          messageId: 'componentName',
          data: { value: 'trainer controller', problem: "has a name part that is not alphanumerics with '-', '_' or '.' inside" },
        },
      ],
    },
  ],
});
