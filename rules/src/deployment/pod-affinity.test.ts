import { RuleTester } from '@platlint/core/testing';
import { deploymentWithPod } from './fixtures.js';
import rule from './pod-affinity.js';

const affinity = (kind: string, namespaces: string): string =>
  deploymentWithPod(
    `      affinity:\n        ${kind}:\n          preferredDuringSchedulingIgnoredDuringExecution:\n          - weight: 50\n            podAffinityTerm: {labelSelector: {matchLabels: {app: db}}, topologyKey: zone, namespaces: ${namespaces}}\n`,
  );

RuleTester.run(rule, {
  valid: [{ yaml: affinity('podAffinity', '[data, kube-system]') }, { yaml: affinity('podAntiAffinity', '[]') }],
  invalid: [
    {
      yaml: affinity('podAntiAffinity', '[ok, Not.A.Label]'),
      errors: [
        {
          path: 'spec.template.spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.namespaces[1]',
          messageId: 'badNamespace',
          data: { value: 'Not.A.Label', problem: 'has uppercase letters; a DNS label is lowercase' },
        },
      ],
    },
  ],
});
