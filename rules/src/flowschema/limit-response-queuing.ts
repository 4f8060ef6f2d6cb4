import { defineRule } from '@platlint/core';
import { PLC_KIND, objAt } from './shape.js';

export default defineRule({
  meta: {
    id: 'flowschema/limit-response-queuing',
    description: 'limitResponse type Queue needs queuing settings; type Reject must not have them.',
    kinds: [PLC_KIND],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API types, flowcontrol/v1.LimitResponse)',
    docs: [
      'A limited priority level either queues the requests it cannot run right away (`type: Queue`,',
      'with `queuing` giving the number of queues, the hand size and the queue length) or rejects them',
      'at once (`type: Reject`). `queuing` is required with `Queue` and forbidden with `Reject`,',
      'where it would mean nothing.',
      '',
      'Source: upstream (the union of LimitResponse); the spec does not describe this kind.',
      '',
      'Fails: `limitResponse: {type: Queue}`, `limitResponse: {type: Reject, queuing: {queues: 64}}`.',
      'Passes: `limitResponse: {type: Queue, queuing: {queues: 64, handSize: 6, queueLengthLimit: 50}}`.',
    ].join('\n'),
  },
  check(context) {
    const response = objAt(objAt(objAt(context.value, 'spec'), 'limited'), 'limitResponse');
    const queuing = response?.queuing;
    const hasQueuing = queuing !== undefined && queuing !== null;
    const path = ['spec', 'limited', 'limitResponse'];
    if (response?.type === 'Queue' && !hasQueuing) {
      context.report({ path: [...path, 'queuing'], target: 'key', message: 'type "Queue" needs queuing settings, e.g. queuing: {queues: 64, handSize: 8, queueLengthLimit: 50}' });
    } else if (response?.type === 'Reject' && hasQueuing) {
      context.report({ path: [...path, 'queuing'], target: 'key', message: 'queuing is not allowed when type is "Reject"; remove it or set type to "Queue"' });
    }
  },
});
