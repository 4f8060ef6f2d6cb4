import { defineRule } from '@platlint/core';
import { PLC_KIND } from './shape.js';
import { objAt } from '../kit/objects.js';
import docs from './limit-response-queuing.md';

export default defineRule({
  meta: {
    id: 'flowschema/limit-response-queuing',
    description: 'limitResponse type Queue needs queuing settings; type Reject must not have them.',
    kinds: [PLC_KIND],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API types, flowcontrol/v1.LimitResponse)',
    docs,
    messages: {
      queueNeedsQueuing: 'type "Queue" needs queuing settings, e.g. queuing: {queues: 64, handSize: 8, queueLengthLimit: 50}',
      rejectHasQueuing: 'queuing is not allowed when type is "Reject"; remove it or set type to "Queue"',
    },
  },
  check(context) {
    const response = objAt(objAt(objAt(context.value, 'spec'), 'limited'), 'limitResponse');
    const queuing = response?.queuing;
    const hasQueuing = queuing !== undefined && queuing !== null;
    const path = ['spec', 'limited', 'limitResponse'];
    if (response?.type === 'Queue' && !hasQueuing) {
      context.report({ path: [...path, 'queuing'], target: 'key', messageId: 'queueNeedsQueuing' });
    } else if (response?.type === 'Reject' && hasQueuing) {
      context.report({ path: [...path, 'queuing'], target: 'key', messageId: 'rejectHasQueuing' });
    }
  },
});
