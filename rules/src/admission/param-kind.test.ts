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
      errors: [{ path: 'spec.paramKind.apiVersion', message: 'paramKind needs an apiVersion (group/version, or version for the core group)', line: 5, column: 14 }],
    },
    {
      name: 'no kind',
      yaml: policy('{apiVersion: v1}'),
      errors: [{ path: 'spec.paramKind.kind', message: 'paramKind needs a kind' }],
    },
    {
      name: 'malformed apiVersion and kind',
      yaml: policy('{apiVersion: "apps/v1/x", kind: "Config_Map"}'),
      errors: [
        { path: 'spec.paramKind.apiVersion', message: 'paramKind.apiVersion "apps/v1/x" has more than one "/"; write group/version, or version alone for the core group' },
        { path: 'spec.paramKind.kind', message: 'paramKind.kind "Config_Map" is not a valid kind: letters, digits and "-", starting with a letter' },
      ],
    },
    {
      name: 'a group that is not a DNS subdomain, a version that is not a DNS-1035 label',
      yaml: policy('{apiVersion: "Example.com/1v", kind: Limits}'),
      errors: [{ path: 'spec.paramKind.apiVersion', message: 'paramKind.apiVersion "Example.com/1v" has a group that has uppercase letters; a DNS subdomain is lowercase' }],
    },
    {
      name: 'a lone slash has no version',
      yaml: policy('{apiVersion: "/", kind: Limits}'),
      errors: [{ path: 'spec.paramKind.apiVersion', message: 'paramKind.apiVersion "/" has a version that is not a DNS-1035 label (lowercase letters, digits and "-", starting with a letter)' }],
    },
    {
      name: 'a bare version that is not a DNS-1035 label',
      yaml: policy('{apiVersion: "1", kind: Limits}'),
      errors: [{ path: 'spec.paramKind.apiVersion', message: 'paramKind.apiVersion "1" has a version that is not a DNS-1035 label (lowercase letters, digits and "-", starting with a letter)' }],
    },
  ],
});
