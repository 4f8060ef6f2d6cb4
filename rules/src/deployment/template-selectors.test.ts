import { RuleTester } from '@platlint/core/testing';
import { deploymentWithPod } from './fixtures.js';
import rule from './template-selectors.js';

const spread = (selector: string): string =>
  deploymentWithPod(
    `      topologySpreadConstraints:\n      - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, labelSelector: ${selector}}\n`,
  );
const antiAffinity = (term: string): string =>
  deploymentWithPod(
    `      affinity:\n        podAntiAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n          - ${term}\n`,
  );

RuleTester.run(rule, {
  valid: [
    { yaml: spread('{matchExpressions: [{key: app, operator: NotIn, values: [db]}, {key: tier, operator: Exists}]}') },
    { yaml: antiAffinity('{topologyKey: zone, labelSelector: {matchLabels: {app: web}}, namespaceSelector: {}}') },
  ],
  invalid: [
    {
      yaml: spread('{matchExpressions: [{key: app, operator: In}]}'),
      errors: [
        {
          path: 'spec.template.spec.topologySpreadConstraints[0].labelSelector.matchExpressions[0].values',
          messageId: 'termNeedsValues',
          data: { operator: 'In' },
        },
      ],
    },
    {
      yaml: antiAffinity(
        '{topologyKey: zone, namespaceSelector: {matchExpressions: [{key: team, operator: DoesNotExist, values: [a]}]}}',
      ),
      errors: [
        {
          path: 'spec.template.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].namespaceSelector.matchExpressions[0].values',
          messageId: 'termTakesNoValues',
          data: { operator: 'DoesNotExist' },
        },
      ],
    },
  ],
});
