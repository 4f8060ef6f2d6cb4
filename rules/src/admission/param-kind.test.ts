import { RuleTester } from '@platlint/core/testing';
import { policy as fixturePolicy } from './fixtures.js';
import rule from './param-kind.js';

const policy = (paramKind: string): string => fixturePolicy({ paramKind: `  paramKind: ${paramKind}\n` });

RuleTester.run(rule, {
  valid: [
    { name: 'core group', yaml: policy('{apiVersion: v1, kind: ConfigMap}') },
    { name: 'a named group', yaml: policy('{apiVersion: example.com/v1beta1, kind: ReplicaLimit}') },
    // The server's parser splits at the "/" and skips the group check when the group is empty.
    { name: 'an empty group before the slash', yaml: policy('{apiVersion: /v1, kind: ConfigMap}') },
  ],
  invalid: [
    {
      name: 'no apiVersion',
      yaml: policy('{kind: ConfigMap}'),
      errors: [{ path: 'spec.paramKind.apiVersion', messageId: 'apiVersionMissing', line: 5, column: 14 }],
    },
    {
      name: 'no kind',
      yaml: policy('{apiVersion: v1}'),
      errors: [{ path: 'spec.paramKind.kind', messageId: 'kindMissing' }],
    },
    {
      name: 'malformed apiVersion and kind',
      yaml: policy('{apiVersion: "apps/v1/x", kind: "Config_Map"}'),
      errors: [
        {
          path: 'spec.paramKind.apiVersion',
          messageId: 'badApiVersion',
          data: {
            apiVersion: 'apps/v1/x',
            problem: 'has more than one "/"; write group/version, or version alone for the core group',
          },
        },
        { path: 'spec.paramKind.kind', messageId: 'badKind', data: { kind: 'Config_Map' } },
      ],
    },
    {
      name: 'a group that is not a DNS subdomain, a version that is not a DNS-1035 label',
      yaml: policy('{apiVersion: "Example.com/1v", kind: Limits}'),
      errors: [
        {
          path: 'spec.paramKind.apiVersion',
          messageId: 'badApiVersion',
          data: { apiVersion: 'Example.com/1v', problem: 'has a group that has uppercase letters; a DNS subdomain is lowercase' },
        },
      ],
    },
    {
      name: 'a lone slash has no version',
      yaml: policy('{apiVersion: "/", kind: Limits}'),
      errors: [
        {
          path: 'spec.paramKind.apiVersion',
          messageId: 'badApiVersion',
          data: {
            apiVersion: '/',
            problem: 'has a version that is not a DNS-1035 label (lowercase letters, digits and "-", starting with a letter)',
          },
        },
      ],
    },
    {
      name: 'a bare version that is not a DNS-1035 label',
      yaml: policy('{apiVersion: "1", kind: Limits}'),
      errors: [
        {
          path: 'spec.paramKind.apiVersion',
          messageId: 'badApiVersion',
          data: {
            apiVersion: 1,
            problem: 'has a version that is not a DNS-1035 label (lowercase letters, digits and "-", starting with a letter)',
          },
        },
      ],
    },
  ],
});
