import { describe, expect, it } from 'vitest';
import { SourceFile, defaultConfig, lintSources } from '@platlint/core';
import { rules } from '../index.js';
import { authn, authz, egress, jwt, webhookAuthorizer } from './fixtures.js';

/**
 * Spec items of the configuration kinds that structural validation enforces (no semantic
 * rule exists for them): each case lints a manifest and expects the structural finding.
 */
function findings(yaml: string): [string, string, string][] {
  const [result] = lintSources({
    files: [SourceFile.fromText('covered.yaml', yaml)],
    rules,
    configFor: () => defaultConfig(process.cwd()),
  });
  return (result?.diagnostics ?? []).filter((d) => d.ruleId.startsWith('schema/')).map((d) => [d.ruleId, d.path, d.message]);
}

const tracing = (body: string): string => `apiVersion: apiserver.plat.io/v1beta1\nkind: TracingConfiguration\n${body}\n`;

const cases: { name: string; yaml: string; expected: [string, string, string][] }[] = [
  // AuthenticationConfiguration
  {
    name: 'issuer url uses https',
    yaml: authn([jwt({ issuer: 'url: http://sso.example.com\naudiences: [a]' })]),
    expected: [['schema/format', 'jwt[0].issuer.url', '"http://sso.example.com" must use the https:// scheme']],
  },
  {
    name: 'audiences non-empty',
    yaml: authn([jwt({ issuer: 'url: https://sso.example.com\naudiences: []' })]),
    expected: [['schema/length', 'jwt[0].issuer.audiences', 'has 0 items; needs at least 1']],
  },
  {
    name: 'at most 64 authenticators',
    yaml: authn(Array.from({ length: 65 }, (_, i) => jwt({ issuer: `url: https://sso${i}.example.com\naudiences: [a]` }))),
    expected: [['schema/length', 'jwt', 'has 65 items; at most 64 are allowed']],
  },
  {
    name: 'username mapping required',
    yaml: authn([jwt({ mappings: 'groups:\n  claim: g\n  prefix: ""' })]),
    expected: [['schema/required', 'jwt[0].claimMappings.username', 'missing required field "username"']],
  },
  {
    name: 'extra mapping key and valueExpression required',
    yaml: authn([jwt({ mappings: 'username:\n  claim: sub\n  prefix: ""\nextra:\n  - {}' })]),
    expected: [
      ['schema/required', 'jwt[0].claimMappings.extra[0].key', 'missing required field "key"'],
      ['schema/required', 'jwt[0].claimMappings.extra[0].valueExpression', 'missing required field "valueExpression"'],
    ],
  },
  // What the server loads though the spec calls it required (config-kinds.md A1, A25).
  {
    name: 'no jwt and no anonymous block',
    yaml: 'apiVersion: apiserver.plat.io/v1beta1\nkind: AuthenticationConfiguration\n',
    expected: [],
  },
  { name: 'empty jwt list', yaml: authn([]).replace('jwt:\n\n', 'jwt: []\n'), expected: [] },
  {
    name: 'anonymous enabled and conditions optional',
    yaml: `${authn([jwt()], 'enabled: true')}---\n${authn([jwt()], '{}')}`,
    expected: [],
  },
  {
    name: 'condition path is not checked structurally',
    yaml: authn([jwt()], 'enabled: true\nconditions:\n  - {}'),
    expected: [],
  },
  // AuthorizationConfiguration
  {
    name: 'at least one authorizer',
    yaml: authz([]).replace('authorizers:\n', 'authorizers: []\n'),
    expected: [['schema/length', 'authorizers', 'has 0 items; needs at least 1']],
  },
  {
    name: 'authorizer type values',
    yaml: authz(['- type: rbac\n  name: rbac']),
    expected: [
      [
        'schema/enum',
        'authorizers[0].type',
        '"rbac" is not allowed here; use one of AlwaysAllow, AlwaysDeny, ABAC, Webhook, RBAC, Node (values are case-sensitive: "RBAC")',
      ],
    ],
  },
  { name: 'authorizer name may be a DNS subdomain', yaml: authz([webhookAuthorizer('tenant.policy')]), expected: [] },
  {
    name: 'authorizer name is a DNS subdomain',
    yaml: authz([webhookAuthorizer('tenant_policy')]),
    expected: [
      [
        'schema/format',
        'authorizers[0].name',
        "\"tenant_policy\" is not a DNS subdomain: use lowercase letters, digits, '-' and '.', each part starting and ending with a letter or digit",
      ],
    ],
  },
  {
    name: 'cache TTLs, match conditions and their version may be left out',
    yaml: authz([
      webhookAuthorizer('a', {
        authorizedTTL: undefined,
        unauthorizedTTL: undefined,
        matchConditions: undefined,
        matchConditionSubjectAccessReviewVersion: undefined,
      }),
    ]),
    expected: [],
  },
  {
    name: 'timeout required',
    yaml: authz([webhookAuthorizer('a', { timeout: undefined })]),
    expected: [['schema/required', 'authorizers[0].webhook.timeout', 'missing required field "timeout"']],
  },
  {
    name: 'durations parse',
    yaml: authz([webhookAuthorizer('a', { authorizedTTL: 'five minutes' })]),
    expected: [
      ['schema/format', 'authorizers[0].webhook.authorizedTTL', '"five minutes" is not a duration such as 30s, 5m or 1h30m'],
    ],
  },
  {
    name: 'a bare number is not a duration',
    yaml: authz([webhookAuthorizer('a', { unauthorizedTTL: '5' })]),
    expected: [['schema/type', 'authorizers[0].webhook.unauthorizedTTL', 'must be a string, not the number 5']],
  },
  {
    name: 'decoding stops at the first value it cannot read',
    yaml: authz([webhookAuthorizer('a', { authorizedTTL: 'five minutes', unauthorizedTTL: '5', failurePolicy: 'Allow' })]),
    expected: [
      ['schema/format', 'authorizers[0].webhook.authorizedTTL', '"five minutes" is not a duration such as 30s, 5m or 1h30m'],
    ],
  },
  {
    name: 'subjectAccessReviewVersion values',
    yaml: authz([webhookAuthorizer('a', { subjectAccessReviewVersion: 'v2' })]),
    expected: [
      ['schema/enum', 'authorizers[0].webhook.subjectAccessReviewVersion', '"v2" is not allowed here; use one of v1, v1beta1'],
    ],
  },
  {
    name: 'failurePolicy values',
    yaml: authz([webhookAuthorizer('a', { failurePolicy: 'Allow' })]),
    expected: [
      ['schema/enum', 'authorizers[0].webhook.failurePolicy', '"Allow" is not allowed here; use one of NoOpinion, Deny'],
    ],
  },
  {
    name: 'connection info type values',
    yaml: authz([webhookAuthorizer('a', { connectionInfo: '\n  type: KubeConfigFile' })]),
    expected: [
      [
        'schema/enum',
        'authorizers[0].webhook.connectionInfo.type',
        '"KubeConfigFile" is not allowed here; use one of InClusterConfig, PlatConfigFile',
      ],
    ],
  },
  {
    name: 'at most 64 match conditions',
    yaml: authz([
      webhookAuthorizer('a', {
        matchConditions: `\n${Array.from({ length: 65 }, (_, i) => `  - expression: request.uid != "${i}"`).join('\n')}`,
      }),
    ]),
    expected: [['schema/length', 'authorizers[0].webhook.matchConditions', 'has 65 items; at most 64 are allowed']],
  },
  // EgressSelectorConfiguration
  {
    name: 'proxyProtocol values',
    yaml: egress('- name: cluster\n  connection:\n    proxyProtocol: http'),
    expected: [
      [
        'schema/enum',
        'egressSelections[0].connection.proxyProtocol',
        '"http" is not allowed here; use one of Direct, HTTPConnect, GRPC',
      ],
    ],
  },
  {
    name: 'egress selections may be left out',
    yaml: 'apiVersion: apiserver.plat.io/v1beta1\nkind: EgressSelectorConfiguration\n',
    expected: [],
  },
  {
    name: 'egress names are checked by config/egress-name (case-insensitive)',
    yaml: egress('- name: Cluster\n  connection:\n    proxyProtocol: Direct'),
    expected: [],
  },
  {
    name: 'tcp url and udsName required',
    yaml: egress(
      '- name: cluster\n  connection:\n    proxyProtocol: HTTPConnect\n    transport:\n      tcp: {}\n- name: etcd\n  connection:\n    proxyProtocol: GRPC\n    transport:\n      uds: {}',
    ),
    expected: [
      ['schema/required', 'egressSelections[0].connection.transport.tcp.url', 'missing required field "url"'],
      ['schema/required', 'egressSelections[1].connection.transport.uds.udsName', 'missing required field "udsName"'],
    ],
  },
  // TracingConfiguration
  {
    name: 'sampling rate at most 1,000,000',
    yaml: tracing('samplingRatePerMillion: 1000001'),
    expected: [['schema/range', 'samplingRatePerMillion', '1000001 is out of range: must be at most 1000000']],
  },
  {
    name: 'sampling rate not negative',
    yaml: tracing('samplingRatePerMillion: -1'),
    expected: [['schema/range', 'samplingRatePerMillion', '-1 is out of range: must be at least 0']],
  },
  {
    name: 'sampling rate bounds are accepted',
    yaml: `${tracing('samplingRatePerMillion: 0')}---\n${tracing('samplingRatePerMillion: 1000000')}`,
    expected: [],
  },
];

describe('configuration kinds: spec items covered structurally', () => {
  it.each(cases)('$name', ({ yaml, expected }) => {
    expect(findings(yaml)).toEqual(expected);
  });
});
