import { RuleTester } from '@platlint/core/testing';
import rule from './involved-object-namespace.js';

const event = (namespace: string | undefined, involved: string, eventTime = false): string => `apiVersion: v1
kind: Event
metadata: {name: web.17a3f0c2${namespace === undefined ? '' : `, namespace: ${namespace}`}}
involvedObject: ${involved}
${eventTime ? 'eventTime: "2026-07-24T10:15:30.123456Z"\nreportingComponent: example.com/ctl\nreportingInstance: ctl-1\naction: Sync\n' : ''}reason: Synced
`;

RuleTester.run(rule, {
  valid: [
    { name: 'same namespace', yaml: event('shop', '{kind: Deployment, namespace: shop, name: web}') },
    { name: 'a cluster-scoped object, event in default', yaml: event('default', '{kind: Node, name: worker-1}') },
    {
      name: 'a cluster-scoped object, new-style event in kube-system',
      yaml: event('kube-system', '{kind: Node, name: worker-1}', true),
    },
    {
      name: 'new-style events may differ in namespace',
      yaml: event('shop', '{kind: Deployment, namespace: billing, name: web}', true),
    },
    {
      name: 'no involvedObject at all, event in default (core v1 does not require it)',
      yaml: 'apiVersion: v1\nkind: Event\nmetadata: {name: note.1, namespace: default}\nreason: Noted\n',
    },
    { name: 'the namespace comes from the request', yaml: event(undefined, '{kind: Deployment, namespace: billing, name: web}') },
  ],
  invalid: [
    {
      name: 'no involvedObject outside default: its namespace counts as empty',
      yaml: 'apiVersion: v1\nkind: Event\nmetadata: {name: note.1, namespace: shop}\nreason: Noted\n',
      errors: [
        {
          path: 'involvedObject.namespace',
          message: /^involvedObject has no namespace, which only an event in "default" may leave out/,
          line: 1,
        },
      ],
    },
    {
      name: 'a legacy event in another namespace',
      yaml: event('shop', '{kind: Deployment, namespace: billing, name: web}'),
      errors: [
        {
          path: 'involvedObject.namespace',
          messageId: 'otherNamespace',
          data: { theirs: 'billing', namespace: 'shop' },
          line: 4,
          column: 47,
        },
      ],
    },
    {
      name: 'a legacy event in kube-system about a cluster-scoped object',
      yaml: event('kube-system', '{kind: Node, name: worker-1}'),
      errors: [
        {
          path: 'involvedObject.namespace',
          messageId: 'noNamespace',
          data: { where: '"default"', namespace: 'kube-system' },
          line: 4,
          column: 1,
        },
      ],
    },
    {
      name: 'a new-style event outside default and kube-system, with an empty namespace',
      yaml: event('shop', '{kind: Node, namespace: "", name: worker-1}', true),
      errors: [
        {
          path: 'involvedObject.namespace',
          message: /^involvedObject has no namespace, which only an event in "default" or "kube-system" may leave out/,
          line: 4,
          column: 41,
        },
      ],
    },
  ],
});
