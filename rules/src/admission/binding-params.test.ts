import { RuleTester } from '@platlint/core/testing';
import rule from './binding-params.js';
import { policy as fixturePolicy } from './fixtures.js';

const policy = (paramKind: string): string => `${fixturePolicy({ paramKind })}---\n`;

const binding = (paramRef: string): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: b}
spec:
  policyName: p
${paramRef}`;

const CONFIGMAP = '  paramKind: {apiVersion: v1, kind: ConfigMap}\n';
const NAMESPACE = '  paramKind: {apiVersion: v1, kind: Namespace}\n';

RuleTester.run(rule, {
  valid: [
    { yaml: policy(CONFIGMAP) + binding('  paramRef: {name: limits, namespace: platform-config}\n') },
    {
      name: 'a cluster-scoped param kind without namespace',
      yaml: policy(NAMESPACE) + binding('  paramRef: {name: platform-config}\n'),
    },
    { name: 'no paramRef for a policy with paramKind (params is null)', yaml: policy(CONFIGMAP) + binding('') },
    { name: 'policy not in the run', yaml: binding('  paramRef: {name: limits}\n') },
  ],
  invalid: [
    {
      yaml: policy('') + binding('  paramRef: {name: limits}\n'),
      errors: [{ path: 'spec.paramRef', messageId: 'paramRefIgnored', data: { policyName: 'p' }, line: 18, column: 3 }],
    },
    {
      yaml: policy(NAMESPACE) + binding('  paramRef: {name: platform-config, namespace: default}\n'),
      errors: [{ path: 'spec.paramRef.namespace', messageId: 'clusterScopedNamespace', data: { kind: 'Namespace' } }],
    },
  ],
});
