import { Buffer } from 'node:buffer';
import { defineRule, formats } from '@platlint/core';
import type { OffsetSpan } from '@platlint/core';
import { hasEventTime } from './shared.js';

/** Fields a new-style Event must carry, with their byte limits. */
const REQUIRED: readonly { field: string; what: string; limit?: number }[] = [
  { field: 'reportingComponent', what: 'the controller that emitted the event, as a qualified name such as "example.com/my-controller"' },
  { field: 'reportingInstance', what: 'the instance of the controller, such as its pod name', limit: 128 },
  { field: 'action', what: 'what was done or failed, such as "Scheduling"', limit: 128 },
  { field: 'reason', what: 'why, in a short machine-readable word such as "FailedScheduling"', limit: 128 },
];
const MESSAGE_LIMIT = 1024;

export default defineRule({
  meta: {
    id: 'event/reporting-fields',
    description: 'An Event with eventTime names its reporting controller, instance, action and reason, within length limits.',
    kinds: ['Event'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, Event)',
    docs: [
      'An Event that sets `eventTime` is a new-style event, and the server checks it as one:',
      '',
      '- `reportingComponent` is required and must be a qualified name (an optional DNS-subdomain',
      '  prefix and `/`, then at most 63 letters, digits, `-`, `_` and `.`);',
      '- `reportingInstance`, `action` and `reason` are required and at most 128 bytes each;',
      '- `message` is at most 1024 bytes.',
      '',
      'Without `eventTime` none of this applies: a legacy Event has no length limits. (Upstream',
      'calls the first field `reportingController` in its code; the manifest field is',
      '`reportingComponent`.)',
      '',
      'Spec: document A, Event lists these fields as optional and says nothing of `eventTime`',
      'changing that; this is what the upstream API server enforces for core `v1` Events.',
      '',
      'Fails:',
      '',
      '```yaml',
      'eventTime: "2026-07-24T10:15:30.123456Z"',
      'reason: FailedScheduling',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'eventTime: "2026-07-24T10:15:30.123456Z"',
      'reportingComponent: default-scheduler',
      'reportingInstance: default-scheduler-control-plane-1',
      'action: Scheduling',
      'reason: FailedScheduling',
      '```',
    ].join('\n'),
  },
  check(context) {
    const event = context.value;
    if (!hasEventTime(event)) return;
    // A missing field has no place of its own; eventTime is what makes it required. Asked
    // only for such a finding: a source position means parsing the document again, and most
    // events have none (values-first reading, docs/architecture.md).
    const atEventTime = (): OffsetSpan | undefined => {
      const stamp = context.scalarSource(['eventTime']);
      return stamp ? { start: stamp.offset, end: stamp.offset + stamp.source.length } : undefined;
    };
    for (const { field, what, limit } of REQUIRED) {
      const value = event[field];
      if (value === undefined || value === '') {
        const span = value === undefined ? atEventTime() : undefined;
        context.report({ path: [field], ...(span ? { span } : {}), message: `${field} is required when eventTime is set: give ${what}` });
        continue;
      }
      if (typeof value !== 'string') continue;
      if (limit !== undefined && Buffer.byteLength(value) > limit) {
        context.report({ path: [field], message: `${field} is ${Buffer.byteLength(value)} bytes long; with eventTime set it may hold at most ${limit}` });
      }
      if (field === 'reportingComponent') {
        const problem = formats['label-key'](value);
        if (problem) context.report({ path: [field], message: `reportingComponent "${value}" ${problem}; with eventTime set it must be a qualified name such as "example.com/my-controller"` });
      }
    }
    const message = event.message;
    if (typeof message === 'string' && Buffer.byteLength(message) > MESSAGE_LIMIT) {
      context.report({ path: ['message'], message: `message is ${Buffer.byteLength(message)} bytes long; with eventTime set it may hold at most ${MESSAGE_LIMIT}` });
    }
  },
});
