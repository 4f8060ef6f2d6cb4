import { describe, expect, it } from 'vitest';
import { errorsOf as lint } from '../fixtures.js';

/**
 * Spec items of FlowSchema (and the PriorityLevelConfiguration it points at) that structural
 * validation enforces: no rule of this area repeats them, so these cases make sure the
 * schema tree keeps stating them.
 */

const schema = (spec: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: FlowSchema
metadata: {name: team-a}
spec:
${spec}`;
const level = '  priorityLevelConfiguration: {name: workload-low}\n';
const withRule = (rule: string): string => schema(`${level}  rules:\n${rule}`);
const subjects = '  - subjects: [{kind: Group, group: {name: team-a}}]\n';
const resourceRule = (fields: string): string => withRule(`${subjects}    resourceRules: [{${fields}}]\n`);
const nonResourceRule = (fields: string): string => withRule(`${subjects}    nonResourceRules: [{${fields}}]\n`);
const subject = (s: string): string =>
  withRule(`  - subjects: [${s}]\n    nonResourceRules: [{verbs: [get], nonResourceURLs: ["/healthz"]}]\n`);
const plc = (spec: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: PriorityLevelConfiguration
metadata: {name: workload-low}
spec:
${spec}`;

describe('FlowSchema items covered by structural validation', () => {
  it('has no error on a complete schema', () => {
    expect(lint(resourceRule('verbs: [get], apiGroups: [""], resources: [pods], namespaces: ["*"]'))).toEqual([]);
  });

  it('spec is required: a missing one is validated as an empty one, which needs its priority level name', () => {
    expect(lint('apiVersion: flowcontrol.apiserver.plat.io/v1\nkind: FlowSchema\nmetadata: {name: team-a}\n')).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.priorityLevelConfiguration.name',
      message: 'missing required field "spec": the server needs its priorityLevelConfiguration.name',
    });
  });

  it('matchingPrecedence lies in [0, 10000]: the server defaults 0 to 1000', () => {
    expect(lint(schema(`${level}  matchingPrecedence: 0\n`))).toEqual([]);
    expect(lint(schema(`${level}  matchingPrecedence: -1\n`))).toContainEqual({
      ruleId: 'schema/range',
      path: 'spec.matchingPrecedence',
      message: '-1 is out of range: must be at least 0',
    });
    expect(lint(schema(`${level}  matchingPrecedence: 10001\n`))).toContainEqual({
      ruleId: 'schema/range',
      path: 'spec.matchingPrecedence',
      message: '10001 is out of range: must be at most 10000',
    });
    expect(lint(schema(`${level}  matchingPrecedence: 10000\n`))).toEqual([]);
  });

  it('priorityLevelConfiguration and its name are required', () => {
    expect(lint(schema('  matchingPrecedence: 500\n'))).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.priorityLevelConfiguration',
      message: 'missing required field "priorityLevelConfiguration"',
    });
    expect(lint(schema('  priorityLevelConfiguration: {}\n'))).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.priorityLevelConfiguration.name',
      message: 'missing required field "name"',
    });
  });

  it('priorityLevelConfiguration.name is a DNS subdomain', () => {
    expect(lint(schema('  priorityLevelConfiguration: {name: Workload_Low}\n'))).toContainEqual({
      ruleId: 'schema/format',
      path: 'spec.priorityLevelConfiguration.name',
      message: '"Workload_Low" has uppercase letters; a DNS subdomain is lowercase',
    });
  });

  it('distinguisherMethod.type is ByUser or ByNamespace, case-sensitive', () => {
    expect(lint(schema(`${level}  distinguisherMethod: {type: ByGroup}\n`))).toContainEqual({
      ruleId: 'schema/enum',
      path: 'spec.distinguisherMethod.type',
      message: '"ByGroup" is not allowed here; use one of ByUser, ByNamespace',
    });
    expect(lint(schema(`${level}  distinguisherMethod: {type: bynamespace}\n`))).toContainEqual({
      ruleId: 'schema/enum',
      path: 'spec.distinguisherMethod.type',
      message: '"bynamespace" is not allowed here; use one of ByUser, ByNamespace (values are case-sensitive: "ByNamespace")',
    });
    expect(lint(schema(`${level}  distinguisherMethod: {}\n`))).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.distinguisherMethod.type',
      message: 'missing required field "type"',
    });
  });

  it('every rule has at least one subject', () => {
    expect(lint(withRule('  - nonResourceRules: [{verbs: [get], nonResourceURLs: ["/healthz"]}]\n'))).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.rules[0].subjects',
      message: 'missing required field "subjects"',
    });
    expect(
      lint(withRule('  - subjects: []\n    nonResourceRules: [{verbs: [get], nonResourceURLs: ["/healthz"]}]\n')),
    ).toContainEqual({ ruleId: 'schema/length', path: 'spec.rules[0].subjects', message: 'has 0 items; needs at least 1' });
  });

  it('a subject kind is User, Group or ServiceAccount', () => {
    expect(lint(subject('{kind: Users, user: {name: alice}}'))).toContainEqual({
      ruleId: 'schema/enum',
      path: 'spec.rules[0].subjects[0].kind',
      message: '"Users" is not allowed here; use one of User, Group, ServiceAccount',
    });
    expect(lint(subject('{user: {name: alice}}'))).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.rules[0].subjects[0].kind',
      message: 'missing required field "kind"',
    });
  });

  it('subject names are required', () => {
    expect(lint(subject('{kind: User, user: {}}'))).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.rules[0].subjects[0].user.name',
      message: 'missing required field "name"',
    });
    expect(lint(subject('{kind: Group, group: {}}'))).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.rules[0].subjects[0].group.name',
      message: 'missing required field "name"',
    });
    const account = lint(subject('{kind: ServiceAccount, serviceAccount: {}}'));
    expect(account).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.rules[0].subjects[0].serviceAccount.name',
      message: 'missing required field "name"',
    });
    expect(account).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.rules[0].subjects[0].serviceAccount.namespace',
      message: 'missing required field "namespace"',
    });
  });

  it('a service account namespace is a DNS label', () => {
    expect(lint(subject('{kind: ServiceAccount, serviceAccount: {name: deployer, namespace: team.a}}'))).toContainEqual({
      ruleId: 'schema/format',
      path: 'spec.rules[0].subjects[0].serviceAccount.namespace',
      message: `"team.a" is not a DNS label: use lowercase letters, digits and '-', starting and ending with a letter or digit`,
    });
  });

  it('verbs, apiGroups and resources of a resource rule are required and non-empty', () => {
    const missing = lint(resourceRule('namespaces: ["*"]'));
    for (const field of ['apiGroups', 'resources', 'verbs']) {
      expect(missing).toContainEqual({
        ruleId: 'schema/required',
        path: `spec.rules[0].resourceRules[0].${field}`,
        message: `missing required field "${field}"`,
      });
    }
    const empty = lint(resourceRule('verbs: [], apiGroups: [], resources: [], namespaces: ["*"]'));
    for (const field of ['verbs', 'apiGroups', 'resources']) {
      expect(empty).toContainEqual({
        ruleId: 'schema/length',
        path: `spec.rules[0].resourceRules[0].${field}`,
        message: 'has 0 items; needs at least 1',
      });
    }
  });

  it('verbs and nonResourceURLs of a non-resource rule are required and non-empty', () => {
    const missing = lint(nonResourceRule(''));
    for (const field of ['nonResourceURLs', 'verbs']) {
      expect(missing).toContainEqual({
        ruleId: 'schema/required',
        path: `spec.rules[0].nonResourceRules[0].${field}`,
        message: `missing required field "${field}"`,
      });
    }
    const empty = lint(nonResourceRule('verbs: [], nonResourceURLs: []'));
    for (const field of ['verbs', 'nonResourceURLs']) {
      expect(empty).toContainEqual({
        ruleId: 'schema/length',
        path: `spec.rules[0].nonResourceRules[0].${field}`,
        message: 'has 0 items; needs at least 1',
      });
    }
  });
});

describe('PriorityLevelConfiguration items covered by structural validation', () => {
  it('has no error on a complete level', () => {
    expect(
      lint(
        plc(
          '  type: Limited\n  limited: {nominalConcurrencyShares: 10, limitResponse: {type: Queue, queuing: {queues: 64, handSize: 6, queueLengthLimit: 50}}}\n',
        ),
      ),
    ).toEqual([]);
  });

  it('queue counts are not negative and queues are at most 10,000,000: the overlay states the ranges, no rule repeats them', () => {
    const queuing = (fields: string): string =>
      plc(`  type: Limited\n  limited: {nominalConcurrencyShares: 10, limitResponse: {type: Queue, queuing: {${fields}}}}\n`);
    const at = 'spec.limited.limitResponse.queuing';
    expect(lint(queuing('queues: -1, handSize: -2, queueLengthLimit: -3'))).toEqual([
      { ruleId: 'schema/range', path: `${at}.queues`, message: '-1 is out of range: must be at least 0' },
      { ruleId: 'schema/range', path: `${at}.handSize`, message: '-2 is out of range: must be at least 0' },
      { ruleId: 'schema/range', path: `${at}.queueLengthLimit`, message: '-3 is out of range: must be at least 0' },
    ]);
    expect(lint(queuing('queues: 10000001, handSize: 1'))).toEqual([
      { ruleId: 'schema/range', path: `${at}.queues`, message: '10000001 is out of range: must be at most 10000000' },
    ]);
  });

  it('type is required and Exempt or Limited', () => {
    expect(lint(plc('  exempt: {}\n'))).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.type',
      message: 'missing required field "type"',
    });
    expect(lint(plc('  type: limited\n  limited: {limitResponse: {type: Reject}}\n'))).toContainEqual({
      ruleId: 'schema/enum',
      path: 'spec.type',
      message: '"limited" is not allowed here; use one of Exempt, Limited (values are case-sensitive: "Limited")',
    });
  });

  it('a limited level needs limitResponse, whose type is Queue or Reject', () => {
    expect(lint(plc('  type: Limited\n  limited: {nominalConcurrencyShares: 10}\n'))).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.limited.limitResponse',
      message: 'missing required field "limitResponse"',
    });
    expect(lint(plc('  type: Limited\n  limited: {limitResponse: {type: Drop}}\n'))).toContainEqual({
      ruleId: 'schema/enum',
      path: 'spec.limited.limitResponse.type',
      message: '"Drop" is not allowed here; use one of Queue, Reject',
    });
    expect(lint(plc('  type: Limited\n  limited: {limitResponse: {}}\n'))).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.limited.limitResponse.type',
      message: 'missing required field "type"',
    });
  });
});
