import { RuleTester } from '@platlint/core/testing';
import { deploymentWithContainer } from './fixtures.js';
import rule from './env-sources.js';

const env = (valueFrom: string): string =>
  deploymentWithContainer(`        env:\n        - name: A\n          valueFrom: ${valueFrom}\n`);
const at = 'spec.template.spec.containers[0].env[0].valueFrom';

RuleTester.run(rule, {
  valid: [
    { yaml: env('{fieldRef: {fieldPath: "metadata.labels[\'app\']"}}') },
    { yaml: env('{fieldRef: {fieldPath: status.podIPs}}') },
    { yaml: env('{resourceFieldRef: {resource: requests.hugepages-2Mi}}') },
    { yaml: env('{secretKeyRef: {name: s, key: tls.crt}}') },
    { yaml: deploymentWithContainer('        envFrom: [{prefix: APP_, configMapRef: {name: a}}, {secretRef: {name: b}}]\n') },
  ],
  invalid: [
    {
      yaml: env('{}'),
      errors: [
        {
          path: at,
          messageId: 'valueFromNoSource',
          data: { sources: 'fieldRef, resourceFieldRef, configMapKeyRef, secretKeyRef' },
        },
      ],
    },
    {
      yaml: env('{fieldRef: {fieldPath: metadata.name}, configMapKeyRef: {name: c, key: k}}'),
      errors: [{ path: at, messageId: 'valueFromSeveralSources', data: { sources: 'fieldRef and configMapKeyRef' } }],
    },
    {
      yaml: env('{fieldRef: {fieldPath: metadata.labels}}'),
      errors: [{ path: `${at}.fieldRef.fieldPath`, messageId: 'fieldPathNotReadable', data: { field: 'metadata.labels' } }],
    },
    {
      yaml: env('{resourceFieldRef: {resource: limits.example.com/gpu}}'),
      errors: [
        {
          path: `${at}.resourceFieldRef.resource`,
          messageId: 'resourceNotReadable',
          data: { resource: 'limits.example.com/gpu' },
        },
      ],
    },
    {
      yaml: env('{configMapKeyRef: {name: c, key: "a b"}}'),
      errors: [
        {
          path: `${at}.configMapKeyRef.key`,
          messageId: 'badSelectorKey',
          data: { key: 'a b', problem: "may only hold letters, digits, '-', '_' and '.'" },
        },
      ],
    },
    {
      yaml: deploymentWithContainer('        envFrom: [{configMapRef: {name: a}, secretRef: {name: b}}]\n'),
      errors: [{ path: 'spec.template.spec.containers[0].envFrom[0]', messageId: 'envFromBothSources' }],
    },
    {
      yaml: deploymentWithContainer('        envFrom: [{prefix: X_}]\n'),
      errors: [{ path: 'spec.template.spec.containers[0].envFrom[0]', messageId: 'envFromNoSource' }],
    },
  ],
});
