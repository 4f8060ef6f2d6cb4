import { defineRule } from '@platlint/core';
import { isObject } from '../kit/objects.js';
import docs from './involved-object.md';

export default defineRule({
  meta: {
    id: 'event/involved-object',
    description: 'An Event names the object it is about in involvedObject.',
    kinds: ['Event'],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document A, Event (involvedObject)',
    docs,
    messages: {
      noInvolvedObject:
        'the Event has no involvedObject; name the object it is about (kind, name and namespace), or consumers cannot attach it to anything',
      noKindOrName: 'involvedObject names neither a kind nor a name; say which object the event is about',
    },
  },
  check(context) {
    const involved = context.value.involvedObject;
    if (involved === undefined || involved === null) {
      context.report({ path: ['involvedObject'], target: 'key', messageId: 'noInvolvedObject' });
      return;
    }
    if (!isObject(involved)) return; // schema/type reports it
    const named = (key: string): boolean => typeof involved[key] === 'string' && involved[key] !== '';
    if (!named('kind') && !named('name')) {
      context.report({ path: ['involvedObject'], messageId: 'noKindOrName' });
    }
  },
});
