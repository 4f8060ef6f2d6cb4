import { defineRule } from '@platlint/core';
import { isJsonObject } from './shared.js';

export default defineRule({
  meta: {
    id: 'event/involved-object',
    description: 'An Event names the object it is about in involvedObject.',
    kinds: ['Event'],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document A, Event (involvedObject)',
    docs: [
      'The spec lists `involvedObject` as required: it is what `kubectl describe` and every event',
      'consumer use to attach the event to an object. The server does not enforce it for core `v1`',
      'Events (an Event without it is stored, with an empty reference), so the rule warns when',
      '`involvedObject` is missing or names neither a `kind` nor a `name`.',
      '',
      'Where the event is filed matters too: see `event/involved-object-namespace`.',
      '',
      'Spec: document A, Event (`involvedObject`, required); upstream accepts its absence.',
      '',
      'Fails:',
      '',
      '```yaml',
      'apiVersion: v1',
      'kind: Event',
      'metadata: {name: web.17a3f0c2, namespace: default}',
      'reason: ScalingReplicaSet',
      'type: Normal',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'apiVersion: v1',
      'kind: Event',
      'metadata: {name: web.17a3f0c2, namespace: default}',
      'involvedObject: {apiVersion: apps/v1, kind: Deployment, namespace: default, name: web}',
      'reason: ScalingReplicaSet',
      'type: Normal',
      '```',
    ].join('\n'),
  },
  check(context) {
    const involved = context.value.involvedObject;
    if (involved === undefined || involved === null) {
      context.report({ path: ['involvedObject'], target: 'key', message: 'the Event has no involvedObject; name the object it is about (kind, name and namespace), or consumers cannot attach it to anything' });
      return;
    }
    if (!isJsonObject(involved)) return; // schema/type reports it
    const named = (key: string): boolean => typeof involved[key] === 'string' && involved[key] !== '';
    if (!named('kind') && !named('name')) {
      context.report({ path: ['involvedObject'], message: 'involvedObject names neither a kind nor a name; say which object the event is about' });
    }
  },
});
