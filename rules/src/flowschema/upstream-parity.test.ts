import { describe, expect, it } from 'vitest';
import { parityErrors } from '../parity/fixtures.js';
import type { ParityCase } from '../parity/fixtures.js';

/**
 * FlowSchema and PriorityLevelConfiguration cases restated from the upstream flowcontrol
 * validation tests (TestFlowSchemaValidation, TestPriorityLevelConfigurationValidation,
 * TestValidateNonResourceURLPath) and the v1 defaults: what the API server accepts draws no
 * error, what it refuses draws exactly the errors listed.
 */
const fs = (spec: string, name = 'system-foo'): string =>
  `apiVersion: flowcontrol.apiserver.plat.io/v1\nkind: FlowSchema\nmetadata: {name: ${name}}\nspec:\n${spec}\n`;
const rule = (subjects: string, rules: string): string =>
  `  matchingPrecedence: 50\n  priorityLevelConfiguration: {name: system-bar}\n  rules:\n  - subjects: ${subjects}\n${rules}`;
const user = '[{kind: User, user: {name: noxu}}]';
const everything = '    resourceRules: [{verbs: ["*"], apiGroups: ["*"], resources: ["*"], namespaces: ["*"]}]';
const urls = (list: string): string =>
  fs(rule('[{kind: Group, group: {name: g}}]', `    nonResourceRules: [{verbs: [get], nonResourceURLs: ${list}}]`));
const plc = (name: string, spec: string): string =>
  `apiVersion: flowcontrol.apiserver.plat.io/v1\nkind: PriorityLevelConfiguration\nmetadata: {name: ${name}}\nspec:\n${spec}\n`;
const queuing = (q: string): string =>
  plc(
    'system-foo',
    `  type: Limited\n  limited:\n    nominalConcurrencyShares: 100\n    limitResponse: {type: Queue, queuing: {${q}}}`,
  );
const ALL_RULE =
  '  - subjects: SUBJECTS\n    resourceRules: [{verbs: ["*"], apiGroups: ["*"], resources: ["*"], clusterScope: true, namespaces: ["*"]}]\n    nonResourceRules: [{verbs: ["*"], nonResourceURLs: ["*"]}]';

const cases: Record<string, ParityCase> = {
  'wildcard verbs, groups, resources and namespaces': {
    upstream: 'FlowSchemaValidation: normal flow-schema w/ * verbs/apiGroups/resources',
    yaml: fs(rule(user, everything)),
  },
  'a rule with neither resource nor non-resource rules': {
    upstream: 'FlowSchemaValidation: missing both resource and non-resource policy-rule',
    yaml: fs(rule(user, '')),
    errors: ['flowschema/rule-has-targets @ spec.rules[0]'],
  },
  'a ServiceAccount subject that sets user': {
    upstream: 'FlowSchemaValidation: malformed Subject union in ServiceAccount case',
    yaml: fs(rule('[{kind: ServiceAccount, user: {name: noxu}}]', everything)),
    errors: [
      'flowschema/subject-member @ spec.rules[0].subjects[0].serviceAccount',
      'flowschema/subject-member @ spec.rules[0].subjects[0].user',
    ],
  },
  'a User subject that sets group': {
    upstream: 'FlowSchemaValidation: Subject union malformed in User case',
    yaml: fs(rule('[{kind: User, group: {name: noxu}}]', everything)),
    errors: [
      'flowschema/subject-member @ spec.rules[0].subjects[0].group',
      'flowschema/subject-member @ spec.rules[0].subjects[0].user',
    ],
  },
  'a Group subject that sets serviceAccount': {
    upstream: 'FlowSchemaValidation: Subject union malformed in Group case',
    yaml: fs(rule('[{kind: Group, serviceAccount: {name: noxu, namespace: default}}]', everything)),
    errors: [
      'flowschema/subject-member @ spec.rules[0].subjects[0].group',
      'flowschema/subject-member @ spec.rules[0].subjects[0].serviceAccount',
    ],
  },
  'the built-in exempt schema': {
    upstream: 'FlowSchemaValidation: exempt flow-schema should work',
    yaml: fs(
      `  matchingPrecedence: 1\n  priorityLevelConfiguration: {name: exempt}\n  rules:\n${ALL_RULE.replace('SUBJECTS', '[{kind: Group, group: {name: "system:masters"}}]')}`,
      'exempt',
    ),
  },
  'the exempt schema with a changed priority level': {
    upstream: 'FlowSchemaValidation: bad exempt flow-schema should fail',
    yaml: fs(
      `  matchingPrecedence: 1\n  priorityLevelConfiguration: {name: exempt-2}\n  rules:\n${ALL_RULE.replace('SUBJECTS', '[{kind: Group, group: {name: "system:masters"}}]')}`,
      'exempt',
    ),
    errors: ['flowschema/builtin-schema @ spec.priorityLevelConfiguration.name'],
  },
  'the built-in catch-all schema': {
    upstream: 'FlowSchemaValidation: catch-all flow-schema should work',
    yaml: fs(
      `  matchingPrecedence: 10000\n  priorityLevelConfiguration: {name: catch-all}\n  distinguisherMethod: {type: ByUser}\n  rules:\n${ALL_RULE.replace('SUBJECTS', '[{kind: Group, group: {name: "system:unauthenticated"}}, {kind: Group, group: {name: "system:authenticated"}}]')}`,
      'catch-all',
    ),
  },
  'the catch-all schema with another precedence': {
    upstream: 'FlowSchemaValidation: bad catch-all flow-schema should fail',
    yaml: fs(
      `  matchingPrecedence: 9000\n  priorityLevelConfiguration: {name: catch-all}\n  distinguisherMethod: {type: ByUser}\n  rules:\n${ALL_RULE.replace('SUBJECTS', '[{kind: Group, group: {name: "system:unauthenticated"}}, {kind: Group, group: {name: "system:authenticated"}}]')}`,
      'catch-all',
    ),
    errors: ['flowschema/builtin-schema @ spec.matchingPrecedence'],
  },
  'precedence 1 for another schema': {
    upstream: 'FlowSchemaValidation: non-exempt flow-schema with matchingPrecedence==1',
    yaml: fs(rule(user, everything).replace('matchingPrecedence: 50', 'matchingPrecedence: 1')),
    errors: ['flowschema/precedence-reserved @ spec.matchingPrecedence'],
  },
  '"*" mixed with other entries': {
    upstream: 'FlowSchemaValidation: flow-schema mixes * verbs/apiGroups/resources',
    yaml: fs(
      rule(user, '    resourceRules: [{verbs: ["*", create], apiGroups: ["*", tak], resources: ["*", tok], namespaces: ["*"]}]'),
    ),
    errors: [
      'flowschema/wildcard-alone @ spec.rules[0].resourceRules[0].apiGroups[1]',
      'flowschema/wildcard-alone @ spec.rules[0].resourceRules[0].resources[1]',
      'flowschema/wildcard-alone @ spec.rules[0].resourceRules[0].verbs[1]',
    ],
  },
  'resource and non-resource rules together': {
    upstream: 'FlowSchemaValidation: flow-schema has both resource rules and non-resource rules',
    yaml: fs(rule(user, `${everything}\n    nonResourceRules: [{verbs: ["*"], nonResourceURLs: ["/apis/*"]}]`)),
  },
  '"*" mixed with other URLs': {
    upstream: 'FlowSchemaValidation: flow-schema mixes * non-resource URLs',
    yaml: urls('["*", "/apis/"]'),
    errors: ['flowschema/wildcard-alone @ spec.rules[0].nonResourceRules[0].nonResourceURLs[1]'],
  },
  'an unknown subject kind': {
    upstream: 'FlowSchemaValidation: invalid subject kind',
    yaml: fs(rule('[{kind: "FooKind"}]', everything)),
    errors: ['schema/enum @ spec.rules[0].subjects[0].kind'],
  },
  'a subject without kind': {
    upstream: 'FlowSchemaValidation: flow-schema missing kind',
    yaml: fs(rule('[{user: {name: noxu}}]', everything)),
    errors: ['schema/required @ spec.rules[0].subjects[0].kind'],
  },
  'an unknown verb': {
    upstream: 'FlowSchemaValidation: flow-schema w/ invalid verb',
    yaml: fs(rule(user, '    resourceRules: [{verbs: [feed], apiGroups: ["*"], resources: ["*"], namespaces: ["*"]}]')),
    errors: ['flowschema/supported-verbs @ spec.rules[0].resourceRules[0].verbs[0]'],
  },
  'a priority level name that is not a DNS subdomain': {
    upstream: 'FlowSchemaValidation: invalid priority level configuration name',
    yaml: fs(rule(user, everything).replace('name: system-bar', 'name: "system+++$$"')),
    errors: ['schema/format @ spec.priorityLevelConfiguration.name'],
  },
  'a service account without namespace': {
    upstream: 'FlowSchemaValidation: service-account kind missing namespace',
    yaml: fs(rule('[{kind: ServiceAccount, serviceAccount: {name: noxu}}]', everything)),
    errors: ['schema/required @ spec.rules[0].subjects[0].serviceAccount.namespace'],
  },
  'every service account of a namespace': {
    upstream: 'FlowSchemaValidation: service account name "*"',
    yaml: fs(rule('[{kind: ServiceAccount, serviceAccount: {name: "*", namespace: kube-system}}]', everything)),
  },
  'a resource rule without namespaces or clusterScope': {
    upstream: 'FlowSchemaValidation: Omitted ResourceRule.Namespaces should fail',
    yaml: fs(rule(user, '    resourceRules: [{verbs: ["*"], apiGroups: ["*"], resources: ["*"]}]')),
    errors: ['flowschema/resource-rule-namespaces @ spec.rules[0].resourceRules[0].namespaces'],
  },
  'clusterScope alone': {
    upstream: 'FlowSchemaValidation: ClusterScope is allowed, with no Namespaces',
    yaml: fs(rule(user, '    resourceRules: [{verbs: ["*"], apiGroups: ["*"], resources: ["*"], clusterScope: true}]')),
  },
  'clusterScope with "*"': {
    upstream: 'FlowSchemaValidation: ClusterScope is allowed with NamespaceEvery',
    yaml: fs(
      rule(
        user,
        '    resourceRules: [{verbs: ["*"], apiGroups: ["*"], resources: ["*"], clusterScope: true, namespaces: ["*"]}]',
      ),
    ),
  },
  '"*" with particular namespaces': {
    upstream: 'FlowSchemaValidation: NamespaceEvery may not be combined with particulars',
    yaml: fs(rule(user, '    resourceRules: [{verbs: ["*"], apiGroups: ["*"], resources: ["*"], namespaces: ["foo", "*"]}]')),
    errors: ['flowschema/wildcard-alone @ spec.rules[0].resourceRules[0].namespaces[0]'],
  },
  'namespaces that are not DNS labels': {
    upstream: 'FlowSchemaValidation: ResourceRule.Namespaces must be well formed',
    yaml: fs(
      rule(user, '    resourceRules: [{verbs: [get], apiGroups: ["*"], resources: ["*"], namespaces: ["-foo", "foo.bar"]}]'),
    ),
    errors: [
      'flowschema/resource-rule-namespaces @ spec.rules[0].resourceRules[0].namespaces[0]',
      'flowschema/resource-rule-namespaces @ spec.rules[0].resourceRules[0].namespaces[1]',
    ],
  },
  'precedence above 10000': {
    upstream: 'FlowSchemaValidation: MatchingPrecedence must not be greater than 10000',
    yaml: fs(rule(user, everything).replace('matchingPrecedence: 50', 'matchingPrecedence: 10001')),
    errors: ['schema/range @ spec.matchingPrecedence'],
  },
  'a negative precedence': {
    upstream: 'FlowSchemaValidation: MatchingPrecedence must be positive',
    yaml: fs(rule(user, everything).replace('matchingPrecedence: 50', 'matchingPrecedence: -1')),
    errors: ['schema/range @ spec.matchingPrecedence'],
  },
  'precedence 0 is defaulted to 1000': {
    upstream: 'v1 defaults: matchingPrecedence',
    yaml: fs(rule(user, everything).replace('matchingPrecedence: 50', 'matchingPrecedence: 0')),
  },
  'an unknown distinguisher': {
    upstream: 'ValidateFlowSchemaSpec: distinguisherMethod type',
    yaml: fs(`${rule(user, everything)}\n  distinguisherMethod: {type: ByNothing}`),
    errors: ['schema/enum @ spec.distinguisherMethod.type'],
  },
  'good non-resource URLs': {
    upstream: 'ValidateNonResourceURLPath: valid paths',
    yaml: urls('["/", "/healthz", "/apis/*", "/*", "/a/b/c"]'),
  },
  'bad non-resource URLs': {
    upstream: 'ValidateNonResourceURLPath: invalid paths',
    yaml: urls('["", "foo", "/a b", "//", "/foo*", "/**", "/*/foo"]'),
    errors: [0, 1, 2, 3, 4, 5, 6].map(
      (i) => `flowschema/non-resource-url @ spec.rules[0].nonResourceRules[0].nonResourceURLs[${i}]`,
    ),
  },
  'update: the spec may change': {
    upstream: 'ValidateFlowSchemaUpdate: same rules as create',
    old: fs(rule(user, everything)),
    yaml: fs(
      rule('[{kind: Group, group: {name: ops}}]', everything).replace('matchingPrecedence: 50', 'matchingPrecedence: 500'),
    ),
  },

  'the exempt level': {
    upstream: 'PriorityLevelConfigurationValidation: exempt should work',
    yaml: plc('exempt', '  type: Exempt\n  exempt: {nominalConcurrencyShares: 0, lendablePercent: 0}'),
  },
  'the exempt level made limited': {
    upstream: 'PriorityLevelConfigurationValidation: type must be Exempt if and only if name is exempt',
    yaml: plc('exempt', '  type: Limited\n  limited: {nominalConcurrencyShares: 5, limitResponse: {type: Reject}}'),
    errors: ['flowschema/builtin-priority-level @ spec.type'],
  },
  'another level of type Exempt': {
    upstream: 'PriorityLevelConfigurationValidation: Exempt for a non-exempt name',
    yaml: plc('system-foo', '  type: Exempt'),
    errors: ['flowschema/builtin-priority-level @ spec.type'],
  },
  'the catch-all level': {
    upstream: 'PriorityLevelConfigurationValidation: catch-all should work',
    yaml: plc(
      'catch-all',
      '  type: Limited\n  limited: {nominalConcurrencyShares: 5, lendablePercent: 0, limitResponse: {type: Reject}}',
    ),
  },
  'the catch-all level queuing': {
    upstream: 'PriorityLevelConfigurationValidation: wrong backstop spec should fail',
    yaml: plc(
      'catch-all',
      '  type: Limited\n  limited: {nominalConcurrencyShares: 5, limitResponse: {type: Queue, queuing: {queues: 128, handSize: 2, queueLengthLimit: 100}}}',
    ),
    errors: ['flowschema/builtin-priority-level @ spec.limited.limitResponse.type'],
  },
  'Queue without queuing': {
    upstream: 'PriorityLevelConfigurationValidation: broken queuing level should fail',
    yaml: plc('system-foo', '  type: Limited\n  limited: {nominalConcurrencyShares: 100, limitResponse: {type: Queue}}'),
    errors: ['flowschema/limit-response-queuing @ spec.limited.limitResponse.queuing'],
  },
  'a normal queuing level': {
    upstream: 'PriorityLevelConfigurationValidation: normal customized priority level should work',
    yaml: queuing('queues: 512, handSize: 4, queueLengthLimit: 100'),
  },
  'an empty queuing takes the defaults': { upstream: 'v1 defaults: queuing configuration', yaml: queuing('') },
  'a hand larger than the deck': {
    upstream: 'PriorityLevelConfigurationValidation: overflowing handSize/queues should fail 1',
    yaml: queuing('queues: 7, handSize: 8, queueLengthLimit: 100'),
    errors: ['flowschema/queuing-limits @ spec.limited.limitResponse.queuing.handSize'],
  },
  'a hand too large for the hash': {
    upstream: 'PriorityLevelConfigurationValidation: overflowing handSize/queues should fail 2',
    yaml: queuing('queues: 128, handSize: 10, queueLengthLimit: 100'),
    errors: ['flowschema/queuing-limits @ spec.limited.limitResponse.queuing.handSize'],
  },
  'too many queues': {
    upstream: 'PriorityLevelConfigurationValidation: overflowing handSize/queues should fail 3',
    yaml: queuing('queues: 10000001, handSize: 2, queueLengthLimit: 100'),
    errors: ['schema/range @ spec.limited.limitResponse.queuing.queues'],
  },
  'the most queues': {
    upstream: 'PriorityLevelConfigurationValidation: the roof of queues is 10^7',
    yaml: queuing('queues: 10000000, handSize: 2, queueLengthLimit: 100'),
  },
  'fewer queues than the default hand': {
    upstream: 'v1 defaults: handSize 8 before validation',
    yaml: queuing('queues: 4'),
    errors: ['flowschema/queuing-limits @ spec.limited.limitResponse.queuing.handSize'],
  },
  'Reject with queuing': {
    upstream: 'ValidateLimitResponse: queuing must be nil unless Queue',
    yaml: plc(
      'system-foo',
      '  type: Limited\n  limited: {nominalConcurrencyShares: 5, limitResponse: {type: Reject, queuing: {queues: 2, handSize: 1, queueLengthLimit: 1}}}',
    ),
    errors: ['flowschema/limit-response-queuing @ spec.limited.limitResponse.queuing'],
  },
  'Limited without limited': {
    upstream: 'ValidatePriorityLevelConfigurationSpec: limited required',
    yaml: plc('system-foo', '  type: Limited'),
    errors: ['flowschema/priority-level-member @ spec.limited'],
  },
  'zero nominal shares in v1': {
    upstream: 'PriorityLevelConfigurationValidation: v1 allows nominalConcurrencyShares 0',
    yaml: plc('system-foo', '  type: Limited\n  limited: {nominalConcurrencyShares: 0, limitResponse: {type: Reject}}'),
  },
  'percentages out of range': {
    upstream: 'PriorityLevelConfigurationValidation: lendablePercent and borrowingLimitPercent',
    yaml: plc(
      'system-foo',
      '  type: Limited\n  limited: {nominalConcurrencyShares: 5, lendablePercent: 101, borrowingLimitPercent: -1, limitResponse: {type: Reject}}',
    ),
    errors: [
      'flowschema/concurrency-shares @ spec.limited.borrowingLimitPercent',
      'flowschema/concurrency-shares @ spec.limited.lendablePercent',
    ],
  },
  // Status sent on create is dropped: flowSchemaStrategy.PrepareForCreate resets it and only the
  // status strategy runs ValidateFlowSchemaStatusUpdate (pkg/registry/flowcontrol/flowschema/
  // strategy.go at 0bfb3d581e1a78348f8e3981c65ad86f432f7e19; the priority level's strategy alike).
  'a status condition without type in a FlowSchema manifest': {
    upstream: 'FlowSchema create: status dropped, ValidateFlowSchemaCondition not run',
    yaml: `${fs(rule(user, everything))}status:\n  conditions: [{status: "True"}]\n`,
  },
  'a status condition without type in a PriorityLevelConfiguration manifest': {
    upstream: 'PriorityLevelConfiguration create: status dropped',
    yaml: `${plc('system-foo', '  type: Limited\n  limited: {nominalConcurrencyShares: 5, limitResponse: {type: Reject}}')}status:\n  conditions: [{status: "True"}]\n`,
  },
};

describe('FlowSchema and PriorityLevelConfiguration: parity with the upstream validation', () => {
  it.each(Object.entries(cases))('%s', (_, c) => {
    expect(parityErrors(c)).toEqual([...(c.errors ?? [])].sort());
  });
});
