import { defineRule } from '@platlint/core';
import { hasEventTime } from './shared.js';
import { isObject } from '../kit/objects.js';
import docs from './involved-object-namespace.md';

export default defineRule({
  meta: {
    id: 'event/involved-object-namespace',
    description: 'An Event lives in the namespace of the object it is about.',
    kinds: ['Event'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, Event)',
    docs,
    messages: {
      noNamespace:
        'involvedObject has no namespace, which only an event in {{where}} may leave out; set it to the namespace of the object (this event\'s namespace is "{{namespace}}")',
      otherNamespace:
        'involvedObject.namespace "{{theirs}}" differs from the event\'s namespace "{{namespace}}"; an event without eventTime must live in the namespace of the object it is about',
    },
  },
  check(context) {
    const event = context.value;
    // An absent involvedObject is accepted by core v1, and reads as one with an empty namespace.
    const involved = event.involvedObject ?? {};
    const metadata = event.metadata;
    if (!isObject(involved) || !isObject(metadata)) return;
    const namespace = metadata.namespace;
    if (typeof namespace !== 'string' || namespace === '') return;
    const theirs = involved.namespace;
    if (theirs !== undefined && typeof theirs !== 'string') return;
    const newStyle = hasEventTime(event);
    if (theirs === undefined || theirs === '') {
      const allowed = newStyle ? ['default', 'kube-system'] : ['default'];
      if (allowed.includes(namespace)) return;
      const where = allowed.map((n) => `"${n}"`).join(' or ');
      context.report({
        path: ['involvedObject', 'namespace'],
        target: theirs === undefined ? 'key' : 'value',
        messageId: 'noNamespace',
        data: { where, namespace },
      });
      return;
    }
    if (!newStyle && theirs !== namespace) {
      context.report({
        path: ['involvedObject', 'namespace'],
        messageId: 'otherNamespace',
        data: { theirs, namespace },
      });
    }
  },
});
