import { RuleTester } from '@platlint/core/testing';
import rule from './builtin-schema.js';

const resourceRules =
  '    resourceRules: [{verbs: ["*"], apiGroups: ["*"], resources: ["*"], clusterScope: true, namespaces: ["*"]}]\n';
const nonResourceRules = '    nonResourceRules: [{verbs: ["*"], nonResourceURLs: ["*"]}]\n';
const subjects = (...groups: string[]): string =>
  `  - subjects: [${groups.map((g) => `{kind: Group, group: {name: "${g}"}}`).join(', ')}]\n`;
const schema = (name: string, head: string, rules: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: FlowSchema
metadata: {name: ${name}}
spec:
${head}  rules:
${rules}`;
const exemptHead = '  matchingPrecedence: 1\n  priorityLevelConfiguration: {name: exempt}\n';
const catchAllHead =
  '  matchingPrecedence: 10000\n  priorityLevelConfiguration: {name: catch-all}\n  distinguisherMethod: {type: ByUser}\n';
const catchAllRules = subjects('system:unauthenticated', 'system:authenticated') + resourceRules + nonResourceRules;
const catchAllRule =
  'the built-in "catch-all" FlowSchema must have exactly one rule: the groups "system:unauthenticated" and "system:authenticated" with verbs, apiGroups, resources and namespaces ["*"], clusterScope true, and nonResourceURLs ["*"]';

RuleTester.run(rule, {
  valid: [
    {
      name: 'the exempt schema',
      yaml: schema('exempt', exemptHead, subjects('system:masters') + resourceRules + nonResourceRules),
    },
    { name: 'the catch-all schema', yaml: schema('catch-all', catchAllHead, catchAllRules) },
    {
      name: 'block style, keys in another order',
      yaml: schema(
        'exempt',
        '  priorityLevelConfiguration:\n    name: exempt\n  matchingPrecedence: 1\n',
        '  - nonResourceRules:\n    - nonResourceURLs: ["*"]\n      verbs: ["*"]\n    resourceRules:\n    - namespaces: ["*"]\n      clusterScope: true\n      resources: ["*"]\n      apiGroups: ["*"]\n      verbs: ["*"]\n    subjects:\n    - kind: Group\n      group:\n        name: system:masters\n',
      ),
    },
    {
      name: 'other schemas are free',
      yaml: schema(
        'global-default',
        '  matchingPrecedence: 9900\n  priorityLevelConfiguration: {name: global-default}\n',
        catchAllRules,
      ),
    },
  ],
  invalid: [
    {
      name: 'exempt with defaults and a distinguisher',
      yaml: schema(
        'exempt',
        '  priorityLevelConfiguration: {name: exempt}\n  distinguisherMethod: {type: ByUser}\n',
        subjects('system:masters') + resourceRules + nonResourceRules,
      ),
      errors: [
        {
          path: 'spec.matchingPrecedence',
          messageId: 'precedence',
          data: { where: 'the built-in "exempt" FlowSchema', matchingPrecedence: 1, precedence: 1000 },
          line: 4,
        },
        {
          path: 'spec.distinguisherMethod',
          messageId: 'noDistinguisher',
          data: { where: 'the built-in "exempt" FlowSchema' },
          line: 6,
          column: 3,
        },
      ],
    },
    {
      name: 'catch-all moved and narrowed',
      yaml: schema(
        'catch-all',
        '  matchingPrecedence: 9000\n  priorityLevelConfiguration: {name: global}\n  distinguisherMethod: {type: ByNamespace}\n',
        subjects('system:authenticated', 'system:unauthenticated') + resourceRules + nonResourceRules,
      ),
      errors: [
        {
          path: 'spec.matchingPrecedence',
          messageId: 'precedence',
          data: { where: 'the built-in "catch-all" FlowSchema', matchingPrecedence: 10000, precedence: 9000 },
          fix: '10000',
        },
        {
          path: 'spec.priorityLevelConfiguration.name',
          messageId: 'priorityLevel',
          data: { where: 'the built-in "catch-all" FlowSchema', priorityLevel: 'catch-all', level: 'global' },
          fix: 'catch-all',
        },
        {
          path: 'spec.distinguisherMethod.type',
          messageId: 'distinguisher',
          data: { where: 'the built-in "catch-all" FlowSchema', distinguisher: 'ByUser', type: 'ByNamespace' },
          fix: 'ByUser',
        },
        { path: 'spec.rules', message: catchAllRule, line: 9 },
      ],
    },
    {
      name: 'catch-all without non-resource rules or distinguisher',
      yaml: schema(
        'catch-all',
        '  matchingPrecedence: 10000\n  priorityLevelConfiguration: {name: catch-all}\n',
        subjects('system:unauthenticated', 'system:authenticated') + resourceRules,
      ),
      errors: [
        {
          path: 'spec.distinguisherMethod',
          messageId: 'setDistinguisher',
          data: { where: 'the built-in "catch-all" FlowSchema', distinguisher: 'ByUser' },
        },
        { path: 'spec.rules', message: catchAllRule },
      ],
    },
  ],
});
