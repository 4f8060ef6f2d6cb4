import { RuleTester } from '@platlint/core/testing';
import rule from './list-item-kind.js';

RuleTester.run(rule, {
  valid: [
    {
      name: 'items with and without apiVersion and kind',
      yaml: 'apiVersion: v1\nkind: EndpointsList\nitems:\n- apiVersion: v1\n  kind: Endpoints\n  metadata: {name: a, namespace: shop}\n- metadata: {name: b, namespace: shop}\n',
    },
    { name: 'a single object', yaml: 'apiVersion: v1\nkind: Endpoints\nmetadata: {name: a, namespace: shop}\n' },
  ],
  invalid: [
    {
      name: 'an item of another kind and version',
      yaml: `apiVersion: v1
kind: EventList
items:
- apiVersion: events.plat.io/v1
  kind: Event
  metadata: {name: a.1, namespace: shop}
  involvedObject: {kind: Pod, namespace: shop, name: a}
- apiVersion: v1
  kind: Endpoints
  metadata: {name: b, namespace: shop}
  involvedObject: {kind: Pod, namespace: shop, name: b}
`,
      errors: [
        {
          path: 'items[0].apiVersion',
          messageId: 'otherApiVersion',
          data: { apiVersion: 'events.plat.io/v1', list: 'EventList (v1)', listKind: 'Event', listApiVersion: 'v1' },
          line: 4,
          column: 15,
        },
        {
          path: 'items[1].kind',
          messageId: 'otherKind',
          data: { kind: 'Endpoints', list: 'EventList (v1)', listKind: 'Event' },
          line: 9,
          column: 9,
        },
      ],
    },
  ],
});
