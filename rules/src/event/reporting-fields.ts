import { Buffer } from 'node:buffer';
import { defineRule } from '@platlint/core';
import type { OffsetSpan } from '@platlint/core';
import { hasEventTime } from './shared.js';
import { formats } from '../kit/names.js';
import docs from './reporting-fields.md';

/** Fields a new-style Event must carry, with their byte limits. */
const REQUIRED: readonly { field: string; what: string; limit?: number }[] = [
  {
    field: 'reportingComponent',
    what: 'the controller that emitted the event, as a qualified name such as "example.com/my-controller"',
  },
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
    docs,
    messages: {
      required: '{{field}} is required when eventTime is set: give {{what}}',
      tooLong: '{{field}} is {{bytes}} bytes long; with eventTime set it may hold at most {{limit}}',
      componentName:
        'reportingComponent "{{value}}" {{problem}}; with eventTime set it must be a qualified name such as "example.com/my-controller"',
      messageTooLong: 'message is {{bytes}} bytes long; with eventTime set it may hold at most {{limit}}',
    },
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
        context.report({ path: [field], ...(span ? { span } : {}), messageId: 'required', data: { field, what } });
        continue;
      }
      if (typeof value !== 'string') continue;
      if (limit !== undefined && Buffer.byteLength(value) > limit) {
        context.report({ path: [field], messageId: 'tooLong', data: { field, bytes: Buffer.byteLength(value), limit } });
      }
      if (field === 'reportingComponent') {
        const problem = formats['label-key'](value);
        if (problem) context.report({ path: [field], messageId: 'componentName', data: { value, problem } });
      }
    }
    const message = event.message;
    if (typeof message === 'string' && Buffer.byteLength(message) > MESSAGE_LIMIT) {
      context.report({
        path: ['message'],
        messageId: 'messageTooLong',
        data: { bytes: Buffer.byteLength(message), limit: MESSAGE_LIMIT },
      });
    }
  },
});
