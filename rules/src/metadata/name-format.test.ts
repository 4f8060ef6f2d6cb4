import { RuleTester } from '@platlint/core/testing';
import rule from './name-format.js';

const podGroup = (metadata: string): string => `apiVersion: scheduling.plat.io/v1beta1
kind: PodGroup
metadata: {${metadata}, namespace: team-a}
spec:
  schedulingPolicy: {gang: {minCount: 2}}
`;

const composite = (name: string): string => `apiVersion: scheduling.plat.io/v1alpha3
kind: CompositePodGroup
metadata: {name: ${name}, namespace: team-a}
spec:
  workloadRef: {workloadName: trainer, templateName: main}
  schedulingPolicy: {gang: {minGroupCount: 2}}
`;

const endpoints = (name: string): string =>
  `apiVersion: v1\nkind: Endpoints\nmetadata: {name: ${name}, namespace: shop}\nsubsets: []\n`;
const event = (metadata: string): string =>
  `apiVersion: v1\nkind: Event\nmetadata: {${metadata}, namespace: default}\ninvolvedObject: {kind: Pod, namespace: default, name: p}\n`;

RuleTester.run(rule, {
  valid: [
    { name: 'DNS label for a PodGroup', yaml: podGroup('name: trainer-0') },
    { name: 'dots in a CompositePodGroup name (a DNS subdomain)', yaml: composite('trainer.v1') },
    { name: 'dots in an Endpoints name', yaml: endpoints('web.shop') },
    {
      name: 'generateName instead of a name',
      yaml: 'apiVersion: flowcontrol.apiserver.plat.io/v1\nkind: FlowSchema\nmetadata: {generateName: fs-}\nspec: {priorityLevelConfiguration: {name: global}}\n',
    },
    { name: 'generateName of a PodGroup ending in a dash', yaml: podGroup('generateName: trainer-') },
    { name: 'Event names only need to be a path segment', yaml: event('name: MyPod.17a2b') },
    { name: 'Event generateName only avoids slashes and percent signs', yaml: event('generateName: MyPod.') },
    {
      name: 'configuration files have no metadata',
      yaml: 'apiVersion: apiserver.plat.io/v1beta1\nkind: TracingConfiguration\nsamplingRatePerMillion: 100\n',
    },
  ],
  invalid: [
    {
      name: 'dots in a PodGroup name',
      yaml: podGroup('name: trainer.v1'),
      errors: [
        {
          path: 'metadata.name',
          messageId: 'badName',
          data: {
            name: 'trainer.v1',
            problem: "is not a DNS label: use lowercase letters, digits and '-', starting and ending with a letter or digit",
          },
        },
      ],
    },
    {
      name: 'a PodGroup name over 63 characters',
      yaml: podGroup(`name: ${'a'.repeat(64)}`),
      errors: [{ path: 'metadata.name', message: /^name "a{64}" is 64 characters long; a DNS label has at most 63$/ }],
    },
    {
      name: 'underscore in a CompositePodGroup name',
      yaml: composite('trainer_v1'),
      errors: [{ path: 'metadata.name', message: /^name "trainer_v1" is not a DNS subdomain/ }],
    },
    {
      name: 'uppercase in a FlowSchema name',
      yaml: 'apiVersion: flowcontrol.apiserver.plat.io/v1\nkind: FlowSchema\nmetadata: {name: Team-A}\nspec: {priorityLevelConfiguration: {name: global}}\n',
      errors: [
        {
          path: 'metadata.name',
          messageId: 'badName',
          data: { name: 'Team-A', problem: 'has uppercase letters; a DNS subdomain is lowercase' },
        },
      ],
    },
    {
      name: 'no name at all',
      yaml: 'apiVersion: flowcontrol.apiserver.plat.io/v1\nkind: FlowSchema\nmetadata: {labels: {a: b}}\nspec: {priorityLevelConfiguration: {name: global}}\n',
      errors: [{ path: 'metadata.name', messageId: 'nameRequired', line: 3 }],
    },
    {
      name: 'no metadata at all',
      yaml: 'apiVersion: flowcontrol.apiserver.plat.io/v1\nkind: FlowSchema\nspec: {priorityLevelConfiguration: {name: global}}\n',
      errors: [{ path: 'metadata.name', messageId: 'nameRequired' }],
    },
    {
      name: 'a slash in an Event name',
      yaml: event('name: a/b'),
      errors: [{ path: 'metadata.name', messageId: 'badName', data: { name: 'a/b', problem: "may not contain '/' or '%'" } }],
    },
    {
      name: 'an Event named ..',
      yaml: event('name: ".."'),
      errors: [{ path: 'metadata.name', messageId: 'badName', data: { name: '..', problem: "may not be '..'" } }],
    },
    {
      name: 'a dotted generateName for a PodGroup',
      yaml: podGroup('generateName: trainer.'),
      errors: [
        {
          path: 'metadata.generateName',
          messageId: 'badGenerateName',
          data: {
            generateName: 'trainer.',
            problem: "is not a DNS label: use lowercase letters, digits and '-', starting and ending with a letter or digit",
            noun: 'a DNS label',
          },
        },
      ],
    },
    {
      name: 'an uppercase generateName',
      yaml: endpoints('web, generateName: Web-'),
      errors: [
        {
          path: 'metadata.generateName',
          messageId: 'badGenerateName',
          data: { generateName: 'Web-', problem: 'has uppercase letters; a DNS subdomain is lowercase', noun: 'a DNS subdomain' },
        },
      ],
    },
    {
      name: 'a percent sign in an Event generateName',
      yaml: event('generateName: "50%-"'),
      errors: [
        {
          path: 'metadata.generateName',
          messageId: 'badGenerateName',
          data: { generateName: '50%-', problem: "may not contain '/' or '%'", noun: 'a path segment' },
        },
      ],
    },
  ],
});
