import { defineRule } from '@platlint/core';
import { hasEventTime, isJsonObject } from './shared.js';

export default defineRule({
  meta: {
    id: 'event/involved-object-namespace',
    description: 'An Event lives in the namespace of the object it is about.',
    kinds: ['Event'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, Event)',
    docs: [
      'The server files an Event in the namespace of the object it reports on:',
      '',
      '- Without `eventTime` (a legacy event), `involvedObject.namespace` must equal',
      '  `metadata.namespace`. It may be left empty only by an event in `default`, which is where',
      '  events about cluster-scoped objects (nodes, for instance) go.',
      '- With `eventTime`, an empty `involvedObject.namespace` is allowed only for events in',
      '  `default` or `kube-system`; a different non-empty namespace is accepted.',
      '',
      'When the manifest leaves `metadata.namespace` out, the namespace comes from the request',
      'and the rule has nothing to compare.',
      '',
      '`involvedObject` itself is required by the spec, but the server does not enforce that for',
      'core `v1` Events: an Event without it is accepted, and its namespace counts as empty (so',
      'only an event in `default` may leave it out); `event/involved-object` warns about it.',
      '',
      'Spec: document A, Event (`involvedObject`); the namespace rules are what the upstream API',
      'server enforces for core `v1` Events.',
      '',
      'Fails:',
      '',
      '```yaml',
      'metadata: {name: web.17a3f0c2, namespace: shop}',
      'involvedObject: {kind: Deployment, namespace: billing, name: web}',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'metadata: {name: web.17a3f0c2, namespace: shop}',
      'involvedObject: {kind: Deployment, namespace: shop, name: web}',
      '```',
    ].join('\n'),
  },
  check(context) {
    const event = context.value;
    // An absent involvedObject is accepted by core v1, and reads as one with an empty namespace.
    const involved = event.involvedObject ?? {};
    const metadata = event.metadata;
    if (!isJsonObject(involved) || !isJsonObject(metadata)) return;
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
        message: `involvedObject has no namespace, which only an event in ${where} may leave out; set it to the namespace of the object (this event's namespace is "${namespace}")`,
      });
      return;
    }
    if (!newStyle && theirs !== namespace) {
      context.report({
        path: ['involvedObject', 'namespace'],
        message: `involvedObject.namespace "${theirs}" differs from the event's namespace "${namespace}"; an event without eventTime must live in the namespace of the object it is about`,
      });
    }
  },
});
