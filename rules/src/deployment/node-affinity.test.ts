import { RuleTester } from '@platlint/core/testing';
import { deploymentWithPod } from './fixtures.js';
import rule from './node-affinity.js';

const required = (terms: string): string =>
  deploymentWithPod(
    `      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms: ${terms}\n`,
  );
const preferred = (term: string): string =>
  deploymentWithPod(
    `      affinity:\n        nodeAffinity:\n          preferredDuringSchedulingIgnoredDuringExecution:\n          - {weight: 10, preference: ${term}}\n`,
  );
const term0 = 'spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]';

RuleTester.run(rule, {
  valid: [
    {
      yaml: required(
        '[{matchExpressions: [{key: zone, operator: In, values: [a, b]}, {key: gpu, operator: Exists}, {key: cores, operator: Gt, values: ["8"]}]}]',
      ),
    },
    { yaml: required('[{matchFields: [{key: metadata.name, operator: NotIn, values: [node-1]}]}]') },
    // An empty term matches no node, but the server stores it.
    { name: 'an empty term', yaml: required('[{}]') },
    { yaml: preferred('{matchExpressions: [{key: zone, operator: DoesNotExist}]}') },
  ],
  invalid: [
    {
      yaml: required('[]'),
      errors: [
        {
          path: 'spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms',
          messageId: 'noTerms',
        },
      ],
    },
    {
      yaml: required('[{matchExpressions: [{key: zone, operator: NotIn}]}]'),
      errors: [{ path: `${term0}.matchExpressions[0].values`, messageId: 'needsValues', data: { operator: 'NotIn' } }],
    },
    {
      yaml: required('[{matchExpressions: [{key: zone, operator: Exists, values: [a]}]}]'),
      errors: [{ path: `${term0}.matchExpressions[0].values`, messageId: 'takesNoValues', data: { operator: 'Exists' } }],
    },
    {
      yaml: required('[{matchExpressions: [{key: cores, operator: Lt, values: ["1", "2"]}]}]'),
      errors: [{ path: `${term0}.matchExpressions[0].values`, messageId: 'needsOneNumber', data: { operator: 'Lt', count: 2 } }],
    },
    {
      yaml: required('[{matchFields: [{key: metadata.labels, operator: In, values: [a]}]}]'),
      errors: [{ path: `${term0}.matchFields[0].key`, messageId: 'fieldNotName', data: { key: 'metadata.labels' } }],
    },
    {
      yaml: required('[{matchFields: [{key: metadata.name, operator: In, values: [a, b]}]}]'),
      errors: [{ path: `${term0}.matchFields[0].values`, messageId: 'fieldNeedsOneName', data: { operator: 'In' } }],
    },
    {
      yaml: required('[{matchFields: [{key: metadata.name, operator: Exists}]}]'),
      errors: [{ path: `${term0}.matchFields[0].operator`, messageId: 'fieldOperator', data: { operator: 'Exists' } }],
    },
    {
      yaml: preferred('{matchExpressions: [{key: zone, operator: In, values: []}]}'),
      errors: [
        {
          path: 'spec.template.spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].preference.matchExpressions[0].values',
          messageId: 'needsValues',
          data: { operator: 'In' },
        },
      ],
    },
  ],
});
