import { RuleTester } from '@platlint/core/testing';
import rule from './name-format.js';

const podGroup = (name: string): string => `apiVersion: scheduling.plat.io/v1beta1
kind: PodGroup
metadata: {name: ${name}, namespace: team-a}
spec:
  schedulingPolicy: {gang: {minCount: 2}}
`;

RuleTester.run(rule, {
  valid: [
    { name: 'DNS label for a PodGroup', yaml: podGroup('trainer-0') },
    { name: 'generateName instead of a name', yaml: 'apiVersion: flowcontrol.apiserver.plat.io/v1\nkind: FlowSchema\nmetadata: {generateName: fs-}\nspec: {priorityLevelConfiguration: {name: global}}\n' },
    { name: 'Event names only need to be a path segment', yaml: 'apiVersion: v1\nkind: Event\nmetadata: {name: MyPod.17a2b, namespace: default}\ninvolvedObject: {kind: Pod, name: p}\n' },
    { name: 'configuration files have no metadata', yaml: 'apiVersion: apiserver.plat.io/v1beta1\nkind: TracingConfiguration\nsamplingRatePerMillion: 100\n' },
  ],
  invalid: [
    { name: 'dots in a PodGroup name', yaml: podGroup('trainer.v1'), errors: [{ path: 'metadata.name', message: `name "trainer.v1" is not a DNS label: use lowercase letters, digits and '-', starting and ending with a letter or digit` }] },
    { name: 'uppercase in a FlowSchema name', yaml: 'apiVersion: flowcontrol.apiserver.plat.io/v1\nkind: FlowSchema\nmetadata: {name: Team-A}\nspec: {priorityLevelConfiguration: {name: global}}\n', errors: [{ path: 'metadata.name', message: 'name "Team-A" has uppercase letters; a DNS subdomain is lowercase' }] },
    { name: 'no name at all', yaml: 'apiVersion: flowcontrol.apiserver.plat.io/v1\nkind: FlowSchema\nmetadata: {labels: {a: b}}\nspec: {priorityLevelConfiguration: {name: global}}\n', errors: [{ path: 'metadata', message: 'metadata.name is required (or metadata.generateName, for a generated name)', line: 3, column: 1 }] },
    { name: 'a slash in an Event name', yaml: 'apiVersion: v1\nkind: Event\nmetadata: {name: a/b, namespace: default}\ninvolvedObject: {kind: Pod, name: p}\n', errors: [{ path: 'metadata.name', message: `name "a/b" may not contain '/' or '%'` }] },
  ],
});
