// The objects cross-document rules connect (a FlowSchema and its priority level, a binding and
// its policy, pod groups and their parents), written as YAML for the tests of those rules.
import { policy as admissionPolicy } from '../rules/src/admission/fixtures.js';

export const level = (name: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: PriorityLevelConfiguration
metadata: {name: ${name}}
spec:
  type: Limited
  limited:
    nominalConcurrencyShares: 10
    limitResponse: {type: Reject}
`;

export const flowSchema = (name: string, levelName: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: FlowSchema
metadata: {name: ${name}}
spec:
  priorityLevelConfiguration: {name: ${levelName}}
  matchingPrecedence: 500
  rules:
  - subjects: [{kind: Group, group: {name: team}}]
    resourceRules: [{verbs: [get], apiGroups: [""], resources: [pods], namespaces: ["*"]}]
`;

export const policy = (name: string): string => admissionPolicy({ name });

export const binding = (name: string, policyName: string): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: ${name}}
spec:
  policyName: ${policyName}
`;

/** A CompositePodGroup or PodGroup of `namespace`, under `parent` when one is given. */
export const podGroup = (
  kind: 'CompositePodGroup' | 'PodGroup',
  name: string,
  namespace: string,
  parent?: string,
): string => `apiVersion: scheduling.plat.io/v1alpha3
kind: ${kind}
metadata:
  name: ${name}
  namespace: ${namespace}
spec:
${parent ? `  parentCompositePodGroupName: ${parent}\n` : ''}  workloadRef: {workloadName: train, templateName: ${name}}
  schedulingPolicy: {basic: {}}
`;
