import { RuleTester } from '@platlint/core/testing';
import { deploymentWithPod } from './fixtures.js';
import rule from './topology-spread.js';

const spread = (...entries: string[]): string =>
  deploymentWithPod(`      topologySpreadConstraints:\n${entries.map((e) => `      - ${e}\n`).join('')}`);
const at = 'spec.template.spec.topologySpreadConstraints';

RuleTester.run(rule, {
  valid: [
    {
      yaml: spread(
        '{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, minDomains: 2}',
        '{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: ScheduleAnyway}',
      ),
    },
    {
      yaml: spread(
        '{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}, matchLabelKeys: [pod-template-hash]}',
      ),
    },
    // With the selector merge (on by default in current releases) a key named once in the selector and again in
    // matchLabelKeys is accepted in a template.
    {
      name: 'a matchLabelKeys key also in matchLabels',
      yaml: spread(
        '{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}, matchLabelKeys: [app]}',
      ),
    },
    {
      name: 'a matchLabelKeys key also in one expression',
      yaml: spread(
        '{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchExpressions: [{key: app, operator: Exists}]}, matchLabelKeys: [app]}',
      ),
    },
  ],
  invalid: [
    {
      yaml: spread(
        '{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}',
        '{maxSkew: 2, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}',
      ),
      errors: [
        { path: `${at}[1]`, messageId: 'duplicateConstraint', data: { topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' } },
      ],
    },
    {
      yaml: spread('{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: ScheduleAnyway, minDomains: 2}'),
      errors: [{ path: `${at}[0].minDomains`, messageId: 'minDomainsWithoutDoNotSchedule' }],
    },
    {
      yaml: spread('{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, matchLabelKeys: [app]}'),
      errors: [{ path: `${at}[0].matchLabelKeys`, messageId: 'matchLabelKeysWithoutSelector' }],
    },
    {
      yaml: spread(
        '{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}, matchExpressions: [{key: app, operator: Exists}]}, matchLabelKeys: [app]}',
      ),
      errors: [{ path: `${at}[0].matchLabelKeys[0]`, messageId: 'keyInSelectorAndMatchLabelKeys', data: { key: 'app' } }],
    },
  ],
});
