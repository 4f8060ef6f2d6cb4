import { RuleTester } from '@platlint/core/testing';
import rule from './cluster-scoped-namespace.js';

const flowSchema = (metadata: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: FlowSchema
metadata: {${metadata}}
spec: {priorityLevelConfiguration: {name: global}}
`;

RuleTester.run(rule, {
  valid: [
    { name: 'cluster-scoped without a namespace', yaml: flowSchema('name: team-a') },
    {
      name: 'namespaced kinds keep theirs',
      yaml: 'apiVersion: v1\nkind: Endpoints\nmetadata: {name: web, namespace: shop}\nsubsets: []\n',
    },
    {
      name: 'configuration files are not objects',
      yaml: 'apiVersion: apiserver.plat.io/v1beta1\nkind: TracingConfiguration\nsamplingRatePerMillion: 100\n',
    },
  ],
  invalid: [
    {
      name: 'a FlowSchema in a namespace',
      yaml: flowSchema('name: team-a, namespace: team-a'),
      errors: [
        {
          severity: 'warning',
          path: 'metadata.namespace',
          messageId: 'clusterScoped',
          data: { kind: 'FlowSchema', namespace: 'team-a' },
          line: 3,
          column: 26,
        },
      ],
    },
    {
      name: 'DeviceTaintRule and MutatingAdmissionPolicyBinding items',
      yaml: `apiVersion: resource.plat.io/v1
kind: DeviceTaintRule
metadata:
  name: gpu-maintenance
  namespace: default
spec:
  taint: {key: example.com/maintenance, effect: NoSchedule}
---
apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicyBindingList
items:
- metadata: {name: b, namespace: kube-system}
  spec: {policyName: p}
`,
      errors: [
        {
          path: 'metadata.namespace',
          message: /^DeviceTaintRule is cluster-scoped and has no namespace; the server drops "default"/,
          line: 5,
          column: 3,
        },
        {
          path: 'items[0].metadata.namespace',
          message: /^MutatingAdmissionPolicyBinding is cluster-scoped and has no namespace; the server drops "kube-system"/,
        },
      ],
    },
  ],
});
