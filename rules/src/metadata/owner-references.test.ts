import { RuleTester } from '@platlint/core/testing';
import rule from './owner-references.js';

const endpoints = (refs: string): string => `apiVersion: v1
kind: Endpoints
metadata:
  name: web
  namespace: shop
  ownerReferences:
${refs}`;

RuleTester.run(rule, {
  valid: [
    {
      name: 'one controller among several owners',
      yaml: endpoints(
        '  - {apiVersion: v1, kind: Service, name: web, uid: "1", controller: true}\n  - {apiVersion: v1, kind: Service, name: api, uid: "2", controller: false}\n  - {apiVersion: v1, kind: Service, name: db, uid: "3"}\n',
      ),
    },
    {
      name: 'an Event of another group may own',
      yaml: endpoints('  - {apiVersion: events.plat.io/v1, kind: Event, name: e, uid: "1"}\n'),
    },
  ],
  invalid: [
    {
      name: 'two controllers',
      yaml: endpoints(
        '  - {apiVersion: v1, kind: Service, name: web, uid: "1", controller: true}\n  - {apiVersion: v1, kind: Service, name: api, uid: "2", controller: true}\n',
      ),
      errors: [
        {
          path: 'metadata.ownerReferences[1].controller',
          message: /^only one owner reference may be the controller, and "Service\/web" already is/,
        },
      ],
    },
    {
      name: 'a core Event as owner',
      yaml: endpoints('  - {apiVersion: v1, kind: Event, name: e, uid: "1"}\n'),
      errors: [{ path: 'metadata.ownerReferences[0].kind', messageId: 'eventOwner', data: { owner: 'Event/e' } }],
    },
    {
      name: 'apiVersions that do not parse',
      yaml: endpoints(
        '  - {apiVersion: a/b/c, kind: Pod, name: a, uid: "1"}\n  - {apiVersion: "foo/", kind: Pod, name: b, uid: "2"}\n  - {apiVersion: customresourceVersion, kind: Pod, name: c, uid: "3"}\n',
      ),
      errors: [
        {
          path: 'metadata.ownerReferences[0].apiVersion',
          messageId: 'badApiVersion',
          data: { apiVersion: 'a/b/c', owner: 'Pod/a' },
        },
        {
          path: 'metadata.ownerReferences[1].apiVersion',
          messageId: 'badApiVersion',
          data: { apiVersion: 'foo/', owner: 'Pod/b' },
        },
      ],
    },
  ],
});
