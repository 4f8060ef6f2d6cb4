import { defineRule } from '@platlint/core';

export default defineRule({
  meta: {
    id: 'metadata/list-item-kind',
    description: 'An item of a typed List has the kind and apiVersion of that List.',
    kinds: '*',
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Shared list envelope (items of the listed kind); API document A, Versioning',
    docs: [
      'A `<Kind>List` such as `EventList` holds objects of its kind (`items` of Event, per the',
      'spec). Items may leave `apiVersion` and `kind` out, but when they state them, they must be',
      'the kind and apiVersion of the list: an item that says `kind: Deployment` inside an',
      '`EndpointsList` is checked (and would be read) as an Endpoints object, and almost',
      'certainly belongs in another list. The generic `List` kind, whose items may be of any',
      'kind, is not one of these typed lists.',
      '',
      'Spec: document A, Shared list envelope and the `<Kind>List` types, and Versioning (the',
      'apiVersion of each kind).',
      '',
      'Fails:',
      '',
      '```yaml',
      'apiVersion: v1',
      'kind: EventList',
      'items:',
      '- apiVersion: events.plat.io/v1',
      '  kind: Event',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'apiVersion: v1',
      'kind: EventList',
      'items:',
      '- apiVersion: v1',
      '  kind: Event',
      '  metadata: {name: web.17f3, namespace: shop}',
      '  involvedObject: {kind: Pod, name: web, namespace: shop}',
      '  reason: Started',
      '  message: Started container web',
      '  source: {component: kubelet}',
      '```',
    ].join('\n'),
  },
  check(context) {
    if (context.object.prefix.length === 0) return;
    const { kind, apiVersion } = context.value;
    const list = `${context.kind.listKind ?? `${context.kind.kind}List`} (${context.kind.apiVersion})`;
    if (typeof kind === 'string' && kind !== context.kind.kind) {
      context.report({ path: ['kind'], message: `item says kind "${kind}", but ${list} holds ${context.kind.kind} objects; move it to a list of its kind or use kind "${context.kind.kind}"` });
    }
    if (typeof apiVersion === 'string' && apiVersion !== context.kind.apiVersion) {
      context.report({ path: ['apiVersion'], message: `item says apiVersion "${apiVersion}", but ${list} holds ${context.kind.kind} objects of apiVersion "${context.kind.apiVersion}"` });
    }
  },
});
