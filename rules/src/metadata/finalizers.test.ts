import { RuleTester } from '@platlint/core/testing';
import rule from './finalizers.js';

const endpoints = (finalizers: string): string => `apiVersion: v1
kind: Endpoints
metadata: {name: web, namespace: shop, finalizers: ${finalizers}}
`;

RuleTester.run(rule, {
  valid: [
    { name: 'standard and prefixed names', yaml: endpoints('[kubernetes, orphan, example.com/cleanup, example.com/Clean_Up]') },
    { name: 'foregroundDeletion alone', yaml: endpoints('[foregroundDeletion]') },
    {
      name: 'a core Event may use an unprefixed name',
      yaml: 'apiVersion: v1\nkind: Event\nmetadata: {name: web.1, namespace: shop, finalizers: [cleanup]}\ninvolvedObject: {kind: Pod, name: web, namespace: shop}\n',
    },
    {
      name: 'a binding may use an unprefixed name (generic metadata checks)',
      yaml: 'apiVersion: admissionregistration.plat.io/v1\nkind: MutatingAdmissionPolicyBinding\nmetadata: {name: b, finalizers: [cleanup]}\nspec: {policyName: p}\n',
    },
  ],
  invalid: [
    {
      name: 'an unprefixed name that is not standard',
      yaml: endpoints('[cleanup]'),
      errors: [{ path: 'metadata.finalizers[0]', messageId: 'noDomain', data: { name: 'cleanup' } }],
    },
    {
      name: 'a name that is not a qualified name, even on an Event',
      yaml: 'apiVersion: v1\nkind: Event\nmetadata: {name: web.1, namespace: shop, finalizers: ["example.com/clean up"]}\ninvolvedObject: {kind: Pod, name: web, namespace: shop}\n',
      errors: [
        {
          path: 'metadata.finalizers[0]',
          message: /^finalizer "example.com\/clean up" has a name part that is not alphanumerics/,
        },
      ],
    },
    {
      name: 'orphan with foregroundDeletion',
      yaml: endpoints('[orphan, foregroundDeletion]'),
      errors: [{ path: 'metadata.finalizers[1]', message: /^finalizers "orphan" and "foregroundDeletion" cannot both be set/ }],
    },
  ],
});
