import { RuleTester } from '@platlint/core/testing';
import rule from './involved-object.js';

const event = (involved: string): string => `apiVersion: v1
kind: Event
metadata: {name: web.17a3f0c2, namespace: default}
${involved}reason: ScalingReplicaSet
`;

RuleTester.run(rule, {
  valid: [
    {
      name: 'a full reference',
      yaml: event('involvedObject: {apiVersion: apps/v1, kind: Deployment, namespace: default, name: web}\n'),
    },
    { name: 'a node, by kind and name', yaml: event('involvedObject: {kind: Node, name: node-1}\n') },
  ],
  invalid: [
    {
      name: 'no involvedObject',
      yaml: event(''),
      errors: [
        { path: 'involvedObject', severity: 'warning', message: /^the Event has no involvedObject; name the object it is about/ },
      ],
    },
    {
      name: 'an empty reference',
      yaml: event('involvedObject: {}\n'),
      errors: [{ path: 'involvedObject', severity: 'warning', messageId: 'noKindOrName' }],
    },
  ],
});
