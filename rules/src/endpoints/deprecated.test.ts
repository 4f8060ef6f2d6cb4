import { RuleTester } from '@platlint/core/testing';
import rule from './deprecated.js';

RuleTester.run(rule, {
  valid: [
    {
      name: 'another kind',
      yaml: 'apiVersion: v1\nkind: Event\nmetadata: {name: e, namespace: default}\ninvolvedObject: {kind: Pod, name: p}\n',
    },
    {
      name: 'a release before the deprecation',
      release: '1.32',
      yaml: 'apiVersion: v1\nkind: Endpoints\nmetadata: {name: db}\nsubsets:\n- addresses: [{ip: 10.0.0.5}]\n  ports: [{port: 5432}]\n',
    },
  ],
  invalid: [
    {
      yaml: 'apiVersion: v1\nkind: Endpoints\nmetadata: {name: db}\nsubsets:\n- addresses: [{ip: 10.0.0.5}]\n  ports: [{port: 5432}]\n',
      errors: [{ path: 'kind', messageId: 'deprecated', data: { release: '1.33' }, line: 2, column: 7 }],
    },
    {
      name: 'the release of the deprecation',
      release: '1.33',
      yaml: 'apiVersion: v1\nkind: Endpoints\nmetadata: {name: db}\nsubsets: []\n',
      errors: [{ path: 'kind', message: /deprecated since release 1.33/ }],
    },
    {
      name: 'each item of a List',
      yaml: 'apiVersion: v1\nkind: EndpointsList\nitems:\n- metadata: {name: a}\n- metadata: {name: b}\n',
      errors: [
        { path: 'items[0].kind', message: /deprecated/ },
        { path: 'items[1].kind', message: /deprecated/ },
      ],
    },
  ],
});
