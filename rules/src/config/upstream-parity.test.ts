// Cases replayed from the upstream validation tests of the API server's configuration files
// (authentication, authorization, egress selector, tracing): each is a whole file, and the
// expectation is the set of paths of error findings (an error means the server refuses the
// file). Warnings do not count here.
import { describe, expect, it } from 'vitest';
import type { ApiServerConfigName } from '@platlint/core';
import { errorFindings } from '../parity/fixtures.js';
import { TEST_CA_PEM } from './fixtures.js';

type Obj = Record<string, unknown>;
const API = 'apiserver.plat.io/v1beta1';

function errorPaths(doc: Obj | string, declaredAs?: ApiServerConfigName): string[] {
  const text = typeof doc === 'string' ? doc : JSON.stringify(doc);
  return [...new Set(errorFindings(text, { declaredAs }).map((d) => d.path))].sort();
}

interface Case {
  name: string;
  doc: Obj | string;
  errors: string[];
  /** The flag the file is given to (`apiServerConfigs` in platlint.config.yaml); none when undeclared. */
  declaredAs?: ApiServerConfigName;
}

// AuthenticationConfiguration
const ISSUER = { url: 'https://issuer-url', audiences: ['audience'] };
const MAPPINGS = { username: { claim: 'sub', prefix: 'prefix' } };
function authn(...jwt: Obj[]): Obj {
  return { apiVersion: API, kind: 'AuthenticationConfiguration', jwt };
}
function jwt(parts: { issuer?: Obj; claimMappings?: Obj; claimValidationRules?: Obj[]; userValidationRules?: Obj[] } = {}): Obj {
  return {
    issuer: { ...ISSUER, ...parts.issuer },
    claimMappings: parts.claimMappings ?? MAPPINGS,
    ...(parts.claimValidationRules ? { claimValidationRules: parts.claimValidationRules } : {}),
    ...(parts.userValidationRules ? { userValidationRules: parts.userValidationRules } : {}),
  };
}
const username = (expression: string): Obj => ({ username: { expression } });

const authnCases: Case[] = [
  { name: 'no authenticators', doc: { apiVersion: API, kind: 'AuthenticationConfiguration' }, errors: [] },
  { name: 'a valid authenticator', doc: authn(jwt()), errors: [] },
  { name: 'issuer repeated', doc: authn(jwt(), jwt()), errors: ['jwt[1].issuer.url'] },
  {
    name: 'discoveryURL repeated',
    doc: authn(
      jwt({ issuer: { discoveryURL: 'https://discovery-url/.well-known/openid-configuration' } }),
      jwt({ issuer: { url: 'https://issuer-url-2', discoveryURL: 'https://discovery-url/.well-known/openid-configuration' } }),
    ),
    errors: ['jwt[1].issuer.discoveryURL'],
  },
  { name: 'issuer is not a URL with https', doc: authn(jwt({ issuer: { url: 'invalid-url' } })), errors: ['jwt[0].issuer.url'] },
  { name: 'issuer url empty', doc: authn(jwt({ issuer: { url: '' } })), errors: ['jwt[0].issuer.url'] },
  {
    name: 'issuer url with a bad port',
    doc: authn(jwt({ issuer: { url: 'https://issuer-url:invalid-port' } })),
    errors: ['jwt[0].issuer.url'],
  },
  { name: 'issuer url http', doc: authn(jwt({ issuer: { url: 'http://issuer-url' } })), errors: ['jwt[0].issuer.url'] },
  {
    name: 'issuer url with user info',
    doc: authn(jwt({ issuer: { url: 'https://user:pass@issuer-url' } })),
    errors: ['jwt[0].issuer.url'],
  },
  {
    name: 'issuer url with a query',
    doc: authn(jwt({ issuer: { url: 'https://issuer-url?query' } })),
    errors: ['jwt[0].issuer.url'],
  },
  {
    name: 'issuer url with a fragment',
    doc: authn(jwt({ issuer: { url: 'https://issuer-url#fragment' } })),
    errors: ['jwt[0].issuer.url'],
  },
  { name: 'discoveryURL empty', doc: authn(jwt({ issuer: { discoveryURL: '' } })), errors: [] },
  {
    name: 'discoveryURL with a bad port',
    doc: authn(jwt({ issuer: { discoveryURL: 'https://oidc.oidc-namespace.svc:invalid-port' } })),
    errors: ['jwt[0].issuer.discoveryURL'],
  },
  {
    name: 'discoveryURL http',
    doc: authn(jwt({ issuer: { discoveryURL: 'http://oidc.oidc-namespace.svc' } })),
    errors: ['jwt[0].issuer.discoveryURL'],
  },
  {
    name: 'discoveryURL with user info',
    doc: authn(jwt({ issuer: { discoveryURL: 'https://user:pass@oidc.oidc-namespace.svc' } })),
    errors: ['jwt[0].issuer.discoveryURL'],
  },
  {
    name: 'discoveryURL with a query',
    doc: authn(jwt({ issuer: { discoveryURL: 'https://oidc.oidc-namespace.svc?query' } })),
    errors: ['jwt[0].issuer.discoveryURL'],
  },
  {
    name: 'discoveryURL with a fragment',
    doc: authn(jwt({ issuer: { discoveryURL: 'https://oidc.oidc-namespace.svc#fragment' } })),
    errors: ['jwt[0].issuer.discoveryURL'],
  },
  {
    name: 'discoveryURL with a path',
    doc: authn(jwt({ issuer: { discoveryURL: 'https://oidc.oidc-namespace.svc/path' } })),
    errors: [],
  },
  {
    name: 'discoveryURL equal to the url',
    doc: authn(jwt({ issuer: { discoveryURL: 'https://issuer-url' } })),
    errors: ['jwt[0].issuer.discoveryURL'],
  },
  {
    name: 'discoveryURL equal but for a trailing slash',
    doc: authn(jwt({ issuer: { discoveryURL: 'https://issuer-url/' } })),
    errors: ['jwt[0].issuer.discoveryURL'],
  },
  {
    name: 'discoveryURL equal but for trailing slashes',
    doc: authn(jwt({ issuer: { discoveryURL: 'https://issuer-url///' } })),
    errors: ['jwt[0].issuer.discoveryURL'],
  },
  {
    name: 'url with a trailing slash, discoveryURL without',
    doc: authn(jwt({ issuer: { url: 'https://issuer-url/', discoveryURL: 'https://issuer-url' } })),
    errors: ['jwt[0].issuer.discoveryURL'],
  },
  {
    name: 'egressSelectorType values',
    doc: authn(jwt({ issuer: { egressSelectorType: 'panda' } })),
    errors: ['jwt[0].issuer.egressSelectorType'],
  },
  { name: 'egressSelectorType controlplane', doc: authn(jwt({ issuer: { egressSelectorType: 'controlplane' } })), errors: [] },
  { name: 'egressSelectorType cluster', doc: authn(jwt({ issuer: { egressSelectorType: 'cluster' } })), errors: [] },
  { name: 'audiences empty', doc: authn(jwt({ issuer: { audiences: [] } })), errors: ['jwt[0].issuer.audiences'] },
  { name: 'an empty audience', doc: authn(jwt({ issuer: { audiences: [''] } })), errors: ['jwt[0].issuer.audiences[0]'] },
  {
    name: 'MatchExact with one audience',
    doc: authn(jwt({ issuer: { audienceMatchPolicy: 'MatchExact' } })),
    errors: ['jwt[0].issuer.audienceMatchPolicy'],
  },
  { name: 'MatchAny with one audience', doc: authn(jwt({ issuer: { audienceMatchPolicy: 'MatchAny' } })), errors: [] },
  {
    name: 'a repeated audience',
    doc: authn(jwt({ issuer: { audiences: ['audience', 'audience'], audienceMatchPolicy: 'MatchAny' } })),
    errors: ['jwt[0].issuer.audiences[1]'],
  },
  {
    name: 'two audiences without a policy',
    doc: authn(jwt({ issuer: { audiences: ['a', 'b'] } })),
    errors: ['jwt[0].issuer.audienceMatchPolicy'],
  },
  {
    name: 'two audiences with MatchAny',
    doc: authn(jwt({ issuer: { audiences: ['a', 'b'], audienceMatchPolicy: 'MatchAny' } })),
    errors: [],
  },
  {
    name: 'a certificate authority that is not PEM',
    doc: authn(jwt({ issuer: { certificateAuthority: 'bogus' } })),
    errors: ['jwt[0].issuer.certificateAuthority'],
  },
  { name: 'an empty certificate authority', doc: authn(jwt({ issuer: { certificateAuthority: '' } })), errors: [] },
  { name: 'a certificate authority', doc: authn(jwt({ issuer: { certificateAuthority: TEST_CA_PEM } })), errors: [] },
  {
    name: 'more than 64 authenticators',
    doc: authn(...Array.from({ length: 65 }, (_, i) => jwt({ issuer: { url: `https://issuer-${i}` } }))),
    errors: ['jwt'],
  },
  {
    name: 'audienceMatchPolicy is case-sensitive',
    doc: authn(jwt({ issuer: { audiences: ['a', 'b'], audienceMatchPolicy: 'matchany' } })),
    errors: ['jwt[0].issuer.audienceMatchPolicy'],
  },
  { name: 'egressSelectorType empty', doc: authn(jwt({ issuer: { egressSelectorType: '' } })), errors: [] },
  // claim validation rules
  // Where the server names the rule or mapping for "one of claim and expression", platlint
  // names the field to change: claim for a missing pair, both fields for a pair set twice.
  {
    name: 'a claim rule with neither claim nor expression',
    doc: authn(jwt({ claimValidationRules: [{}] })),
    errors: ['jwt[0].claimValidationRules[0].claim'],
  },
  {
    name: 'a claim rule with both',
    doc: authn(jwt({ claimValidationRules: [{ claim: 'claim', expression: 'expression' }] })),
    errors: ['jwt[0].claimValidationRules[0].claim', 'jwt[0].claimValidationRules[0].expression'],
  },
  {
    name: 'a message beside a claim',
    doc: authn(jwt({ claimValidationRules: [{ claim: 'claim', message: 'message' }] })),
    errors: ['jwt[0].claimValidationRules[0].message'],
  },
  {
    name: 'a requiredValue beside an expression',
    doc: authn(jwt({ claimValidationRules: [{ expression: 'claims.foo == "bar"', requiredValue: 'value' }] })),
    errors: ['jwt[0].claimValidationRules[0].requiredValue'],
  },
  {
    name: 'a repeated claim',
    doc: authn(jwt({ claimValidationRules: [{ claim: 'claim' }, { claim: 'claim' }] })),
    errors: ['jwt[0].claimValidationRules[1].claim'],
  },
  {
    name: 'a repeated expression',
    doc: authn(jwt({ claimValidationRules: [{ expression: "claims.foo == 'bar'" }, { expression: "claims.foo == 'bar'" }] })),
    errors: ['jwt[0].claimValidationRules[1].expression'],
  },
  {
    name: 'a claim rule that does not compile',
    doc: authn(jwt({ claimValidationRules: [{ expression: 'foo.bar' }] })),
    errors: ['jwt[0].claimValidationRules[0].expression'],
  },
  {
    name: 'a claim rule that is not bool',
    doc: authn(jwt({ claimValidationRules: [{ expression: 'claims.foo' }] })),
    errors: ['jwt[0].claimValidationRules[0].expression'],
  },
  { name: 'a claim rule', doc: authn(jwt({ claimValidationRules: [{ expression: "claims.foo == 'bar'" }] })), errors: [] },
  {
    name: 'a claim rule with an empty requiredValue',
    doc: authn(jwt({ claimValidationRules: [{ claim: 'claim', requiredValue: '' }] })),
    errors: [],
  },
  {
    name: 'optional email_verified orValue as a rule',
    doc: authn(
      jwt({
        claimValidationRules: [{ expression: 'claims.?email_verified.orValue(true)' }],
        claimMappings: username('{claims.?email: "panda"}'),
      }),
    ),
    errors: ['jwt[0].claimMappings.username.expression', 'jwt[0].claimValidationRules[0].expression'],
  },
  {
    name: 'optional email_verified orValue compared as a rule',
    doc: authn(
      jwt({
        claimValidationRules: [{ expression: 'claims.?email_verified.orValue(true) == true' }],
        claimMappings: username('claims.email'),
      }),
    ),
    errors: [],
  },
  // claim mappings
  {
    name: 'username with both claim and expression',
    doc: authn(jwt({ claimMappings: { username: { claim: 'claim', expression: 'claims.username' } } })),
    errors: ['jwt[0].claimMappings.username.claim', 'jwt[0].claimMappings.username.expression'],
  },
  {
    name: 'username with neither',
    doc: authn(jwt({ claimMappings: { username: {} } })),
    errors: ['jwt[0].claimMappings.username.claim'],
  },
  {
    name: 'username prefix beside an expression',
    doc: authn(jwt({ claimMappings: { username: { expression: 'claims.username', prefix: 'prefix' } } })),
    errors: ['jwt[0].claimMappings.username.prefix'],
  },
  {
    name: 'username claim without a prefix',
    doc: authn(jwt({ claimMappings: { username: { claim: 'claim' } } })),
    errors: ['jwt[0].claimMappings.username.prefix'],
  },
  {
    name: 'username claim with an empty prefix',
    doc: authn(jwt({ claimMappings: { username: { claim: 'claim', prefix: '' } } })),
    errors: [],
  },
  {
    name: 'username expression that does not compile',
    doc: authn(jwt({ claimMappings: username('foo.bar') })),
    errors: ['jwt[0].claimMappings.username.expression'],
  },
  {
    name: 'groups with both',
    doc: authn(jwt({ claimMappings: { ...MAPPINGS, groups: { claim: 'claim', expression: 'claims.groups' } } })),
    errors: ['jwt[0].claimMappings.groups.claim', 'jwt[0].claimMappings.groups.expression'],
  },
  {
    name: 'groups prefix beside an expression',
    doc: authn(jwt({ claimMappings: { ...MAPPINGS, groups: { expression: 'claims.groups', prefix: 'prefix' } } })),
    errors: ['jwt[0].claimMappings.groups.prefix'],
  },
  {
    name: 'groups claim without a prefix',
    doc: authn(jwt({ claimMappings: { ...MAPPINGS, groups: { claim: 'claim' } } })),
    errors: ['jwt[0].claimMappings.groups.prefix'],
  },
  {
    name: 'groups expression that does not compile',
    doc: authn(jwt({ claimMappings: { ...MAPPINGS, groups: { expression: 'foo.bar' } } })),
    errors: ['jwt[0].claimMappings.groups.expression'],
  },
  { name: 'empty groups', doc: authn(jwt({ claimMappings: { ...MAPPINGS, groups: {} } })), errors: [] },
  {
    name: 'uid with both',
    doc: authn(jwt({ claimMappings: { ...MAPPINGS, uid: { claim: 'claim', expression: 'claims.uid' } } })),
    errors: ['jwt[0].claimMappings.uid.claim', 'jwt[0].claimMappings.uid.expression'],
  },
  {
    name: 'uid expression that does not compile',
    doc: authn(jwt({ claimMappings: { ...MAPPINGS, uid: { expression: 'foo.bar' } } })),
    errors: ['jwt[0].claimMappings.uid.expression'],
  },
  {
    name: 'an extra key empty',
    doc: authn(jwt({ claimMappings: { ...MAPPINGS, extra: [{ key: '', valueExpression: 'claims.extra' }] } })),
    errors: ['jwt[0].claimMappings.extra[0].key'],
  },
  {
    name: 'an extra valueExpression empty',
    doc: authn(jwt({ claimMappings: { ...MAPPINGS, extra: [{ key: 'example.org/foo', valueExpression: '' }] } })),
    errors: ['jwt[0].claimMappings.extra[0].valueExpression'],
  },
  {
    name: 'an extra valueExpression that does not compile',
    doc: authn(jwt({ claimMappings: { ...MAPPINGS, extra: [{ key: 'example.org/foo', valueExpression: 'foo.bar' }] } })),
    errors: ['jwt[0].claimMappings.extra[0].valueExpression'],
  },
  {
    name: 'a repeated extra key',
    doc: authn(
      jwt({
        claimMappings: {
          ...MAPPINGS,
          extra: [
            { key: 'example.org/foo', valueExpression: 'claims.extra' },
            { key: 'example.org/foo', valueExpression: 'claims.extras' },
          ],
        },
      }),
    ),
    errors: ['jwt[0].claimMappings.extra[1].key'],
  },
  {
    name: 'an extra key without a domain',
    doc: authn(jwt({ claimMappings: { ...MAPPINGS, extra: [{ key: 'foo', valueExpression: 'claims.extra' }] } })),
    errors: ['jwt[0].claimMappings.extra[0].key'],
  },
  {
    name: 'an extra key not lower case',
    doc: authn(jwt({ claimMappings: { ...MAPPINGS, extra: [{ key: 'example.org/Foo', valueExpression: 'claims.extra' }] } })),
    errors: ['jwt[0].claimMappings.extra[0].key'],
  },
  ...['plat.io/foo', 'example.plat.io/foo', 'kubernetes.io/foo', 'example.kubernetes.io/foo'].map((key) => ({
    name: `a reserved extra key ${key}`,
    doc: authn(jwt({ claimMappings: { ...MAPPINGS, extra: [{ key, valueExpression: 'claims.extra' }] } })),
    errors: ['jwt[0].claimMappings.extra[0].key'],
  })),
  {
    name: 'extra keys that only look reserved',
    doc: authn(
      jwt({
        claimMappings: {
          ...MAPPINGS,
          extra: ['aplat.io/foo', 'example.aplat.io/foo', 'bkubernetes.io/foo', 'example.bkubernetes.io/foo'].map((key) => ({
            key,
            valueExpression: 'claims.extra',
          })),
        },
      }),
    ),
    errors: [],
  },
  // email verification
  {
    name: 'email without email_verified',
    doc: authn(jwt({ claimMappings: username('claims.email') })),
    errors: ['jwt[0].claimMappings.username.expression'],
  },
  {
    name: 'email inside has() and a conditional',
    doc: authn(jwt({ claimMappings: username('has(claims.email) ? claims.email : claims.sub') })),
    errors: ['jwt[0].claimMappings.username.expression'],
  },
  {
    name: 'email through a function',
    doc: authn(jwt({ claimMappings: username('claims.email.trim()') })),
    errors: ['jwt[0].claimMappings.username.expression'],
  },
  {
    name: 'email in a join',
    doc: authn(jwt({ claimMappings: username("['yay', string(claims.email), 'panda'].join(' ')") })),
    errors: ['jwt[0].claimMappings.username.expression'],
  },
  {
    name: 'optional email',
    doc: authn(jwt({ claimMappings: username('claims.?email') })),
    errors: ['jwt[0].claimMappings.username.expression'],
  },
  {
    name: 'optional email as a map key',
    doc: authn(jwt({ claimMappings: username('{claims.?email: "panda"}') })),
    errors: ['jwt[0].claimMappings.username.expression'],
  },
  {
    name: 'optional email as a map value',
    doc: authn(jwt({ claimMappings: username('{"fancy": claims.?email}') })),
    errors: ['jwt[0].claimMappings.username.expression'],
  },
  {
    name: 'email in a macro',
    doc: authn(jwt({ claimMappings: username('["a"].map(i, i + claims.email)') })),
    errors: ['jwt[0].claimMappings.username.expression'],
  },
  // A rule must be bool to compile, and only a rule that compiles counts for the email check.
  {
    name: 'email_verified through a dyn claim rule',
    doc: authn(jwt({ claimMappings: username('claims.email'), claimValidationRules: [{ expression: 'claims.email_verified' }] })),
    errors: ['jwt[0].claimMappings.username.expression', 'jwt[0].claimValidationRules[0].expression'],
  },
  {
    name: 'email_verified through a claim rule',
    doc: authn(
      jwt({
        claimMappings: username('{claims.?email: "panda"}'),
        claimValidationRules: [{ expression: 'claims.?email_verified.orValue(true) == true' }],
      }),
    ),
    errors: [],
  },
  {
    name: 'has(email_verified) as a rule',
    doc: authn(
      jwt({
        claimMappings: username('claims.email'),
        claimValidationRules: [{ claim: 'claim1', requiredValue: 'value1' }, { expression: 'has(claims.email_verified)' }],
      }),
    ),
    errors: [],
  },
  {
    name: 'has(email_verified_) as a rule',
    doc: authn(
      jwt({ claimMappings: username('claims.email'), claimValidationRules: [{ expression: 'has(claims.email_verified_)' }] }),
    ),
    errors: ['jwt[0].claimMappings.username.expression'],
  },
  {
    name: 'email_verified as a required value is not CEL',
    doc: authn(
      jwt({
        claimMappings: username('claims.email'),
        claimValidationRules: [{ claim: 'claim2', requiredValue: 'claims.email_verified' }],
      }),
    ),
    errors: ['jwt[0].claimMappings.username.expression'],
  },
  {
    name: 'email_verified through extra',
    doc: authn(
      jwt({
        claimMappings: {
          ...username('claims.email'),
          extra: [{ key: 'example.org/foo', valueExpression: 'claims.email_verified' }],
        },
      }),
    ),
    errors: [],
  },
  {
    name: 'optional email_verified through extra',
    doc: authn(
      jwt({
        claimMappings: {
          ...username('claims.email'),
          extra: [{ key: 'example.org/foo', valueExpression: 'claims.?email_verified' }],
        },
      }),
    ),
    errors: [],
  },
  {
    name: 'email_verified || true in the username',
    doc: authn(jwt({ claimMappings: username('claims.email_verified || true ? claims.email : claims.sub') })),
    errors: [],
  },
  { name: 'almost email', doc: authn(jwt({ claimMappings: username('claims.email_') })), errors: [] },
  {
    name: 'email nested under another claim',
    doc: authn(jwt({ claimMappings: username('claims.foo.claims.email') })),
    errors: [],
  },
  {
    name: 'email_verified almost in extra',
    doc: authn(
      jwt({
        claimMappings: {
          ...username('claims.email'),
          extra: [{ key: 'example.org/foo', valueExpression: 'claims.email_verified_' }],
        },
      }),
    ),
    errors: ['jwt[0].claimMappings.username.expression'],
  },
  {
    name: 'email by claim needs no verification',
    doc: authn(jwt({ claimMappings: { username: { claim: 'email', prefix: '' } } })),
    errors: [],
  },
  {
    name: 'mapping and rule expressions of the upstream documentation',
    doc: authn(
      jwt({
        claimValidationRules: [{ expression: "claims.hd == 'example.com'" }, { expression: "!claims.sub.startsWith('system:')" }],
        claimMappings: {
          username: { expression: "claims.sub + ':' + claims.iss" },
          groups: { expression: "claims.?groups.orValue([]).map(g, 'oidc:' + g)" },
          uid: { expression: 'claims.sub' },
          extra: [{ key: 'example.com/tenant', valueExpression: "claims.roles.split(',')" }],
        },
        userValidationRules: [
          { expression: "!user.username.startsWith('system:')" },
          { expression: "user.groups.all(g, !g.startsWith('system:'))" },
          { expression: "!('x' in user.extra) || user.uid != ''" },
        ],
      }),
    ),
    errors: [],
  },
  // user validation rules
  {
    name: 'a user rule without an expression',
    doc: authn(jwt({ userValidationRules: [{ expression: '' }] })),
    errors: ['jwt[0].userValidationRules[0].expression'],
  },
  {
    name: 'a repeated user rule',
    doc: authn(
      jwt({ userValidationRules: [{ expression: "user.username == 'foo'" }, { expression: "user.username == 'foo'" }] }),
    ),
    errors: ['jwt[0].userValidationRules[1].expression'],
  },
  {
    name: 'a user rule that does not compile',
    doc: authn(jwt({ userValidationRules: [{ expression: 'foo.bar' }] })),
    errors: ['jwt[0].userValidationRules[0].expression'],
  },
  {
    name: 'a user rule that is not bool',
    doc: authn(jwt({ userValidationRules: [{ expression: 'user.username' }] })),
    errors: ['jwt[0].userValidationRules[0].expression'],
  },
  { name: 'a user rule', doc: authn(jwt({ userValidationRules: [{ expression: "user.username == 'foo'" }] })), errors: [] },
  // anonymous
  {
    name: 'anonymous conditions while disabled',
    doc: {
      apiVersion: API,
      kind: 'AuthenticationConfiguration',
      anonymous: { enabled: false, conditions: [{ path: '/livez' }] },
    },
    errors: ['anonymous.conditions'],
  },
  {
    name: 'anonymous conditions with enabled left out',
    doc: { apiVersion: API, kind: 'AuthenticationConfiguration', anonymous: { conditions: [{ path: '/livez' }] } },
    errors: ['anonymous.conditions'],
  },
  {
    name: 'anonymous conditions while enabled',
    doc: { apiVersion: API, kind: 'AuthenticationConfiguration', anonymous: { enabled: true, conditions: [{ path: '/livez' }] } },
    errors: [],
  },
];

// AuthorizationConfiguration
const WEBHOOK = {
  timeout: '5s',
  failurePolicy: 'NoOpinion',
  subjectAccessReviewVersion: 'v1',
  matchConditionSubjectAccessReviewVersion: 'v1',
  connectionInfo: { type: 'InClusterConfig' },
};
const authz = (...authorizers: Obj[]): Obj => ({ apiVersion: API, kind: 'AuthorizationConfiguration', authorizers });
const webhook = (fields: Obj = {}, name = 'default'): Obj => ({ type: 'Webhook', name, webhook: { ...WEBHOOK, ...fields } });
const without = (field: string): Obj => {
  const w: Obj = { ...WEBHOOK };
  delete w[field];
  return { type: 'Webhook', name: 'default', webhook: w };
};

const authzCases: Case[] = [
  { name: 'no authorizers', doc: authz(), errors: ['authorizers'] },
  { name: 'an authorizer without a type', doc: authz({ name: 'default' }), errors: ['authorizers[0].type'] },
  { name: 'an authorizer without a name', doc: authz({ type: 'Webhook', webhook: WEBHOOK }), errors: ['authorizers[0].name'] },
  { name: 'names are unique', doc: authz(webhook({}, 'foo'), webhook({}, 'foo')), errors: ['authorizers[1].name'] },
  { name: 'a DNS label name', doc: authz(webhook({}, 'foo')), errors: [] },
  { name: 'a DNS subdomain name', doc: authz(webhook({}, 'foo.example.domain')), errors: [] },
  { name: 'a name that is not a DNS subdomain', doc: authz(webhook({}, 'FOO.example.domain')), errors: ['authorizers[0].name'] },
  {
    name: 'webhook with match conditions',
    doc: authz(
      webhook({
        matchConditions: [
          { expression: 'has(request.resourceAttributes)' },
          { expression: "request.resourceAttributes.namespace == 'kube-system'" },
        ],
      }),
    ),
    errors: [],
  },
  { name: 'several webhooks', doc: authz(webhook({}, 'first'), webhook({}, 'second')), errors: [] },
  { name: 'an unknown type', doc: authz({ type: 'Foo', name: 'foo' }), errors: ['authorizers[0].type'] },
  {
    name: 'a type repeated',
    doc: authz({ type: 'RBAC', name: 'rbac' }, { type: 'RBAC', name: 'rbac2' }),
    errors: ['authorizers[1].type'],
  },
  { name: 'Webhook without webhook', doc: authz({ type: 'Webhook', name: 'default' }), errors: ['authorizers[0].webhook'] },
  {
    name: 'webhook beside another type',
    doc: authz({ type: 'RBAC', name: 'rbac', webhook: WEBHOOK }),
    errors: ['authorizers[0].webhook'],
  },
  { name: 'timeout missing', doc: authz(without('timeout')), errors: ['authorizers[0].webhook.timeout'] },
  { name: 'timeout zero', doc: authz(webhook({ timeout: '0s' })), errors: ['authorizers[0].webhook.timeout'] },
  { name: 'timeout negative', doc: authz(webhook({ timeout: '-30s' })), errors: ['authorizers[0].webhook.timeout'] },
  { name: 'timeout over 30s', doc: authz(webhook({ timeout: '60s' })), errors: ['authorizers[0].webhook.timeout'] },
  { name: 'timeout 30s', doc: authz(webhook({ timeout: '30s' })), errors: [] },
  { name: 'TTLs defaulted when missing', doc: authz(webhook()), errors: [] },
  {
    name: 'zero TTLs take their defaults',
    doc: authz(
      webhook({ authorizedTTL: '0s', unauthorizedTTL: '0s', cacheAuthorizedRequests: false, cacheUnauthorizedRequests: false }),
    ),
    errors: [],
  },
  {
    name: 'a webhook named like a built-in authorizer before it',
    doc: authz({ type: 'RBAC', name: 'rbac' }, webhook({}, 'rbac')),
    errors: ['authorizers[1].name'],
  },
  {
    name: 'authorizedTTL negative',
    doc: authz(webhook({ authorizedTTL: '-30s' })),
    errors: ['authorizers[0].webhook.authorizedTTL'],
  },
  {
    name: 'unauthorizedTTL negative',
    doc: authz(webhook({ unauthorizedTTL: '-30s' })),
    errors: ['authorizers[0].webhook.unauthorizedTTL'],
  },
  {
    name: 'SAR version missing',
    doc: authz(without('subjectAccessReviewVersion')),
    errors: ['authorizers[0].webhook.subjectAccessReviewVersion'],
  },
  {
    name: 'SAR version values',
    doc: authz(webhook({ subjectAccessReviewVersion: 'v2beta1' })),
    errors: ['authorizers[0].webhook.subjectAccessReviewVersion'],
  },
  { name: 'SAR version v1beta1', doc: authz(webhook({ subjectAccessReviewVersion: 'v1beta1' })), errors: [] },
  {
    name: 'match condition SAR version missing with conditions',
    doc: authz({
      ...without('matchConditionSubjectAccessReviewVersion'),
      webhook: {
        ...(without('matchConditionSubjectAccessReviewVersion').webhook as Obj),
        matchConditions: [{ expression: 'true' }],
      },
    }),
    errors: ['authorizers[0].webhook.matchConditionSubjectAccessReviewVersion'],
  },
  {
    name: 'match condition SAR version missing without conditions',
    doc: authz(without('matchConditionSubjectAccessReviewVersion')),
    errors: [],
  },
  {
    name: 'match condition SAR version v1beta1',
    doc: authz(webhook({ matchConditionSubjectAccessReviewVersion: 'v1beta1' })),
    errors: ['authorizers[0].webhook.matchConditionSubjectAccessReviewVersion'],
  },
  { name: 'failurePolicy missing', doc: authz(without('failurePolicy')), errors: ['authorizers[0].webhook.failurePolicy'] },
  {
    name: 'failurePolicy values',
    doc: authz(webhook({ failurePolicy: 'AlwaysAllow' })),
    errors: ['authorizers[0].webhook.failurePolicy'],
  },
  { name: 'failurePolicy Deny', doc: authz(webhook({ failurePolicy: 'Deny' })), errors: [] },
  // A missing connectionInfo has no type: platlint names connectionInfo.type.
  {
    name: 'connectionInfo missing',
    doc: authz(without('connectionInfo')),
    errors: ['authorizers[0].webhook.connectionInfo.type'],
  },
  {
    name: 'connectionInfo type values',
    doc: authz(webhook({ connectionInfo: { type: 'ExternalAPI' } })),
    errors: ['authorizers[0].webhook.connectionInfo.type'],
  },
  {
    name: 'InClusterConfig with a config file',
    doc: authz(webhook({ connectionInfo: { type: 'InClusterConfig', platConfigFile: '/etc/webhook.kubeconfig' } })),
    errors: ['authorizers[0].webhook.connectionInfo.platConfigFile'],
  },
  {
    name: 'PlatConfigFile without the file',
    doc: authz(webhook({ connectionInfo: { type: 'PlatConfigFile' } })),
    errors: ['authorizers[0].webhook.connectionInfo.platConfigFile'],
  },
  {
    name: 'PlatConfigFile with a relative path',
    doc: authz(webhook({ connectionInfo: { type: 'PlatConfigFile', platConfigFile: 'webhook.kubeconfig' } })),
    errors: ['authorizers[0].webhook.connectionInfo.platConfigFile'],
  },
  {
    name: 'PlatConfigFile with an absolute path',
    doc: authz(webhook({ connectionInfo: { type: 'PlatConfigFile', platConfigFile: '/etc/webhook.kubeconfig' } })),
    errors: [],
  },
  {
    name: 'a match condition without an expression',
    doc: authz(webhook({ matchConditions: [{ expression: '' }] })),
    errors: ['authorizers[0].webhook.matchConditions[0].expression'],
  },
  {
    name: 'a repeated match condition',
    doc: authz(
      webhook({ matchConditions: [{ expression: "request.user == 'admin'" }, { expression: "request.user == 'admin'" }] }),
    ),
    errors: ['authorizers[0].webhook.matchConditions[1].expression'],
  },
  {
    name: 'an undeclared reference',
    doc: authz(webhook({ matchConditions: [{ expression: 'test' }] })),
    errors: ['authorizers[0].webhook.matchConditions[0].expression'],
  },
  {
    name: 'a syntax error',
    doc: authz(webhook({ matchConditions: [{ expression: "request.user = 'test'" }] })),
    errors: ['authorizers[0].webhook.matchConditions[0].expression'],
  },
  {
    name: 'a match condition that is not bool',
    doc: authz(webhook({ matchConditions: [{ expression: 'request.user' }] })),
    errors: ['authorizers[0].webhook.matchConditions[0].expression'],
  },
  {
    name: 'a blank match condition',
    doc: authz(webhook({ matchConditions: [{ expression: '   ' }] })),
    errors: ['authorizers[0].webhook.matchConditions[0].expression'],
  },
  {
    name: 'InClusterConfig with an empty config file',
    doc: authz(webhook({ connectionInfo: { type: 'InClusterConfig', platConfigFile: '' } })),
    errors: ['authorizers[0].webhook.connectionInfo.platConfigFile'],
  },
  {
    name: 'InClusterConfig with a null config file',
    doc: authz(webhook({ connectionInfo: { type: 'InClusterConfig', platConfigFile: null } })),
    errors: [],
  },
  {
    name: 'built-in authorizers not named by their type',
    doc: authz({ type: 'RBAC', name: 'roles' }),
    errors: ['authorizers[0].name'],
  },
  { name: 'AlwaysAllow named alwaysallow', doc: authz({ type: 'AlwaysAllow', name: 'alwaysallow' }), errors: [] },
  { name: 'a timeout of 1m', doc: authz(webhook({ timeout: '1m' })), errors: ['authorizers[0].webhook.timeout'] },
  {
    name: 'match conditions over the SubjectAccessReview',
    doc: authz(
      webhook({
        matchConditions: [
          "has(request.resourceAttributes) && request.resourceAttributes.namespace == 'kube-system'",
          "request.user == 'admin' || 'system:masters' in request.groups",
          "request.extra['scopes'].exists(v, v == 'x')",
          "has(request.nonResourceAttributes) && request.nonResourceAttributes.path.startsWith('/healthz')",
          "request.resourceAttributes.labelSelector.requirements.exists(r, r.key == 'a' && r.operator == 'In' && 'x' in r.values)",
          "request.resourceAttributes.fieldSelector.rawSelector == ''",
          "request.uid != ''",
        ].map((expression) => ({ expression })),
      }),
    ),
    errors: [],
  },
  {
    name: 'a match condition on a field the review does not have',
    doc: authz(webhook({ matchConditions: [{ expression: "request.resourceAttributes.kind == 'Pod'" }] })),
    errors: ['authorizers[0].webhook.matchConditions[0].expression'],
  },
  {
    name: 'built-in authorizers named by their type',
    doc: authz({ type: 'Node', name: 'node' }, { type: 'RBAC', name: 'rbac' }, webhook()),
    errors: [],
  },
];

// EgressSelectorConfiguration
const egress = (...egressSelections: Obj[]): Obj => ({ apiVersion: API, kind: 'EgressSelectorConfiguration', egressSelections });
const selection = (name: string, connection: Obj): Obj => ({ name, connection });
const UDS = { uds: { udsName: '/etc/srv/kubernetes/konnectivity/konnectivity-server.socket' } };

const egressCases: Case[] = [
  { name: 'Direct', doc: egress(selection('controlplane', { proxyProtocol: 'Direct' })), errors: [] },
  {
    name: 'Direct with a transport',
    doc: egress(selection('controlplane', { proxyProtocol: 'Direct', transport: {} })),
    errors: ['egressSelections[0].connection.transport'],
  },
  {
    name: 'HTTPConnect over http',
    doc: egress(selection('cluster', { proxyProtocol: 'HTTPConnect', transport: { tcp: { url: 'http://127.0.0.1:8131' } } })),
    errors: [],
  },
  {
    name: 'HTTPConnect over https without TLS',
    doc: egress(selection('cluster', { proxyProtocol: 'HTTPConnect', transport: { tcp: { url: 'https://127.0.0.1:8131' } } })),
    errors: ['egressSelections[0].connection.transport.tcp.tlsConfig'],
  },
  {
    name: 'HTTPConnect with tcp and uds',
    doc: egress(
      selection('cluster', { proxyProtocol: 'HTTPConnect', transport: { tcp: { url: 'http://127.0.0.1:8131' }, ...UDS } }),
    ),
    errors: ['egressSelections[0].connection.transport.tcp'],
  },
  {
    name: 'HTTPConnect over uds',
    doc: egress(selection('cluster', { proxyProtocol: 'HTTPConnect', transport: UDS })),
    errors: [],
  },
  {
    name: 'GRPC over tcp',
    doc: egress(
      selection('cluster', {
        proxyProtocol: 'GRPC',
        transport: { tcp: { url: 'http://127.0.0.1:8131', tlsConfig: { caBundle: '', clientKey: '', clientCert: '' } } },
      }),
    ),
    errors: ['egressSelections[0].connection.transport.uds'],
  },
  { name: 'GRPC over uds', doc: egress(selection('cluster', { proxyProtocol: 'GRPC', transport: UDS })), errors: [] },
  {
    name: 'an unknown name',
    doc: egress(selection('invalid', { proxyProtocol: 'Direct' })),
    errors: ['egressSelections[0].name'],
  },
  {
    name: 'a repeated name',
    doc: egress(selection('controlplane', { proxyProtocol: 'Direct' }), selection('controlplane', { proxyProtocol: 'Direct' })),
    errors: ['egressSelections[1].name'],
  },
  {
    name: 'master is controlplane',
    doc: egress(selection('master', { proxyProtocol: 'Direct' }), selection('etcd', { proxyProtocol: 'Direct' })),
    errors: [],
  },
  {
    name: 'names compare without case',
    doc: egress(selection('cluster', { proxyProtocol: 'Direct' }), selection('CLUSTER', { proxyProtocol: 'Direct' })),
    errors: ['egressSelections[1].name'],
  },
  { name: 'an upper-case name', doc: egress(selection('Cluster', { proxyProtocol: 'Direct' })), errors: [] },
  {
    name: 'master and controlplane collide',
    doc: egress(selection('master', { proxyProtocol: 'Direct' }), selection('controlplane', { proxyProtocol: 'Direct' })),
    errors: ['egressSelections[1].name'],
  },
  {
    name: 'an empty protocol',
    doc: egress(selection('cluster', { proxyProtocol: '' })),
    errors: ['egressSelections[0].connection.proxyProtocol'],
  },
  {
    name: 'protocol is case-sensitive',
    doc: egress(selection('cluster', { proxyProtocol: 'grpc', transport: UDS })),
    errors: ['egressSelections[0].connection.proxyProtocol'],
  },
  {
    name: 'GRPC with uds and tcp',
    doc: egress(selection('cluster', { proxyProtocol: 'GRPC', transport: { ...UDS, tcp: { url: 'http://127.0.0.1:8131' } } })),
    errors: [],
  },
  {
    name: 'HTTPConnect without a transport',
    doc: egress(selection('cluster', { proxyProtocol: 'HTTPConnect' })),
    errors: ['egressSelections[0].connection.transport'],
  },
  {
    name: 'HTTPConnect with an empty transport',
    doc: egress(selection('cluster', { proxyProtocol: 'HTTPConnect', transport: {} })),
    errors: ['egressSelections[0].connection.transport.tcp'],
  },
  {
    name: 'HTTPConnect over another scheme',
    doc: egress(selection('cluster', { proxyProtocol: 'HTTPConnect', transport: { tcp: { url: 'ftp://127.0.0.1:8131' } } })),
    errors: ['egressSelections[0].connection.transport.tcp.url'],
  },
  {
    name: 'HTTPConnect over http with TLS',
    doc: egress(
      selection('cluster', {
        proxyProtocol: 'HTTPConnect',
        transport: { tcp: { url: 'http://127.0.0.1:8131', tlsConfig: { clientCert: '/c', clientKey: '/k' } } },
      }),
    ),
    errors: ['egressSelections[0].connection.transport.tcp.tlsConfig'],
  },
  {
    name: 'an empty uds name',
    doc: egress(selection('cluster', { proxyProtocol: 'GRPC', transport: { uds: { udsName: '' } } })),
    errors: ['egressSelections[0].connection.transport.uds.udsName'],
  },
  {
    name: 'GRPC without a transport',
    doc: egress(selection('cluster', { proxyProtocol: 'GRPC' })),
    errors: ['egressSelections[0].connection.transport'],
  },
  {
    // The server checks that the files exist on its own host: platlint cannot, so it does not refuse.
    name: 'HTTPConnect over https with TLS files',
    doc: egress(
      selection('cluster', {
        proxyProtocol: 'HTTPConnect',
        transport: {
          tcp: {
            url: 'https://127.0.0.1:8131',
            tlsConfig: {
              caBundle: '/etc/srv/pki/ca.crt',
              clientKey: '/etc/srv/pki/client.key',
              clientCert: '/etc/srv/pki/client.crt',
            },
          },
        },
      }),
      selection('master', {
        proxyProtocol: 'HTTPConnect',
        transport: {
          tcp: {
            url: 'https://proxy.kube-system.svc.cluster.local:8443',
            tlsConfig: {
              caBundle: '/etc/srv/pki/ca.crt',
              clientKey: '/etc/srv/pki/client.key',
              clientCert: '/etc/srv/pki/client.crt',
              tlsServerName: 'proxy',
            },
          },
        },
      }),
      selection('etcd', { proxyProtocol: 'Direct' }),
    ),
    errors: [],
  },
  {
    name: 'HTTPConnect over https without client files',
    doc: egress(
      selection('cluster', {
        proxyProtocol: 'HTTPConnect',
        transport: { tcp: { url: 'https://127.0.0.1:8131', tlsConfig: { caBundle: '/etc/srv/pki/ca.crt' } } },
      }),
    ),
    errors: [
      'egressSelections[0].connection.transport.tcp.tlsConfig.clientCert',
      'egressSelections[0].connection.transport.tcp.tlsConfig.clientKey',
    ],
  },
  {
    name: 'an unknown field',
    doc: `apiVersion: ${API}\nkind: EgressSelectorConfiguration\negressSelections:\n- name: etcd\n  connection:\n    proxyProtocol: Direct\n  bogus: 1\n`,
    errors: ['egressSelections[0].bogus'],
  },
  {
    name: 'a repeated field',
    doc: `apiVersion: ${API}\nkind: EgressSelectorConfiguration\negressSelections:\n- name: etcd\n  connection:\n    proxyProtocol: Direct\n    proxyProtocol: GRPC\n`,
    errors: ['egressSelections[0].connection.proxyProtocol'],
  },
  { name: 'no selections', doc: { apiVersion: API, kind: 'EgressSelectorConfiguration' }, errors: [] },
];

// TracingConfiguration
const tracing = (fields: Obj): Obj => ({ apiVersion: API, kind: 'TracingConfiguration', ...fields });
const tracingCases: Case[] = [
  { name: 'a sampling rate', doc: tracing({ samplingRatePerMillion: 12378 }), errors: [] },
  { name: 'a negative sampling rate', doc: tracing({ samplingRatePerMillion: -1 }), errors: ['samplingRatePerMillion'] },
  {
    name: 'a sampling rate over a million',
    doc: tracing({ samplingRatePerMillion: 1000001 }),
    errors: ['samplingRatePerMillion'],
  },
  { name: 'host and port', doc: tracing({ endpoint: 'localhost:4317' }), errors: [] },
  { name: 'an IP address and port', doc: tracing({ endpoint: '127.0.0.1:4317' }), errors: [] },
  { name: 'dns', doc: tracing({ endpoint: 'dns://google.com:4317' }), errors: [] },
  { name: 'unix', doc: tracing({ endpoint: 'unix://path/to/socket' }), errors: [] },
  { name: 'http', doc: tracing({ endpoint: 'http://localhost:4317' }), errors: ['endpoint'] },
  { name: 'not a URL', doc: tracing({ endpoint: 'dn%2s://localhost:4317' }), errors: ['endpoint'] },
  {
    name: 'a sampling rate of zero and a million',
    doc: `apiVersion: ${API}\nkind: TracingConfiguration\nsamplingRatePerMillion: 0\n---\napiVersion: ${API}\nkind: TracingConfiguration\nsamplingRatePerMillion: 1000000\n`,
    errors: [],
  },
  { name: 'a quoted sampling rate', doc: tracing({ samplingRatePerMillion: '100' }), errors: ['samplingRatePerMillion'] },
  {
    name: 'a sampling rate over 32 bits',
    doc: tracing({ samplingRatePerMillion: 3000000000 }),
    errors: ['samplingRatePerMillion'],
  },
  { name: 'https', doc: tracing({ endpoint: 'https://collector:4317' }), errors: ['endpoint'] },
  // Without "//" the server reads dns://unix-abstract:otel, whose port is not a number.
  { name: 'unix-abstract without slashes', doc: tracing({ endpoint: 'unix-abstract:otel' }), errors: ['endpoint'] },
  { name: 'unix-abstract', doc: tracing({ endpoint: 'unix-abstract://otel' }), errors: [] },
  {
    name: 'both fields wrong',
    doc: tracing({ endpoint: 'http://localhost:4317', samplingRatePerMillion: -5 }),
    errors: ['endpoint', 'samplingRatePerMillion'],
  },
  { name: 'a host without a port', doc: tracing({ endpoint: 'localhost' }), errors: [] },
  { name: 'an IPv6 host and port', doc: tracing({ endpoint: '[::1]:4317' }), errors: [] },
  { name: 'slashes without a scheme', doc: tracing({ endpoint: '//localhost:4317' }), errors: ['endpoint'] },
  { name: 'an empty endpoint', doc: tracing({ endpoint: '' }), errors: [] },
  { name: 'an empty file', doc: `apiVersion: ${API}\nkind: TracingConfiguration\n`, errors: [] },
  {
    name: 'a repeated field',
    doc: `apiVersion: ${API}\nkind: TracingConfiguration\nendpoint: localhost:4317\nendpoint: localhost:4318\n`,
    errors: ['endpoint'],
  },
  {
    name: 'an unknown field',
    doc: `apiVersion: ${API}\nkind: TracingConfiguration\nfoo: bar\nendpoint: localhost:4318\n`,
    errors: ['foo'],
  },
];

// Loading a file through the loader of its flag. Each decodes with a scheme that holds the
// configuration groups alone, then checks the kind it got: kube-apiserver
// loadAuthenticationConfigFromData ("expected AuthenticationConfiguration, got ..."), apiserver
// load.LoadFromData (its TestLoadFromData cases are named below), egressselector
// ReadEgressSelectorConfiguration ("unexpected config type") and options.ReadTracingConfiguration
// (runtime.DecodeInto a TracingConfiguration).
const loadingCases: Case[] = [
  {
    name: 'load.LoadFromData "unknown group", in a file declared as authorization',
    declaredAs: 'authorization',
    doc: { apiVersion: 'apps/v1alpha1', kind: 'AuthorizationConfiguration' },
    errors: ['apiVersion'],
  },
  // Undeclared, the file may belong to another program that owns a kind of that name: platlint
  // warns that the server would refuse it (document/unknown-version), and does not refuse it.
  {
    name: 'load.LoadFromData "unknown group", undeclared',
    doc: { apiVersion: 'apps/v1alpha1', kind: 'AuthorizationConfiguration' },
    errors: [],
  },
  {
    name: 'load.LoadFromData "unknown version", in a declared file',
    declaredAs: 'authorization',
    doc: { apiVersion: 'apiserver.plat.io/v99', kind: 'AuthorizationConfiguration' },
    errors: ['apiVersion'],
  },
  {
    name: 'load.LoadFromData "unknown kind", in a declared file',
    declaredAs: 'authorization',
    doc: { apiVersion: API, kind: 'SomeConfiguration' },
    errors: ['kind'],
  },
  {
    name: 'load.LoadFromData "missing kind", in a declared file',
    declaredAs: 'authorization',
    doc: { apiVersion: API },
    errors: ['kind'],
  },
  {
    name: 'load.LoadFromData "missing apiVersion", in a declared file',
    declaredAs: 'authorization',
    doc: { kind: 'AuthorizationConfiguration' },
    errors: ['apiVersion'],
  },
  {
    name: 'load.LoadFromData "v1 - yaml", in a declared file',
    declaredAs: 'authorization',
    doc: `apiVersion: apiserver.plat.io/v1\nkind: AuthorizationConfiguration\nauthorizers:\n- type: Webhook\n`,
    errors: [],
  },
  {
    name: 'load.LoadFromData: an AuthenticationConfiguration in the authorization file',
    declaredAs: 'authorization',
    doc: { apiVersion: API, kind: 'AuthenticationConfiguration' },
    errors: ['kind'],
  },
  {
    name: 'loadAuthenticationConfigFromData: a TracingConfiguration in the authentication file',
    declaredAs: 'authentication',
    doc: { apiVersion: API, kind: 'TracingConfiguration' },
    errors: ['kind'],
  },
  {
    name: 'loadAuthenticationConfigFromData: the authentication file under another group',
    declaredAs: 'authentication',
    doc: { apiVersion: 'apiserver.config.k8s.io/v1beta1', kind: 'AuthenticationConfiguration' },
    errors: ['apiVersion'],
  },
  {
    name: 'loadAuthenticationConfigFromData: an authentication file',
    declaredAs: 'authentication',
    doc: authn(jwt()),
    errors: [],
  },
  {
    name: 'ReadEgressSelectorConfiguration: an AuthorizationConfiguration in the egress selector file',
    declaredAs: 'egressSelector',
    doc: { apiVersion: API, kind: 'AuthorizationConfiguration', authorizers: [{ type: 'RBAC', name: 'rbac' }] },
    errors: ['kind'],
  },
  {
    name: 'ReadTracingConfiguration: a Deployment in the tracing file',
    declaredAs: 'tracing',
    doc: 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n',
    errors: ['kind'],
  },
  {
    name: 'ReadTracingConfiguration: v1alpha1, which the loader reads',
    declaredAs: 'tracing',
    doc: { apiVersion: 'apiserver.plat.io/v1alpha1', kind: 'TracingConfiguration' },
    errors: [],
  },
];

describe('upstream parity: loading a configuration file', () => {
  it.each(loadingCases)('$name', (c) => expect(errorPaths(c.doc, c.declaredAs)).toEqual([...c.errors].sort()));
});
describe('upstream parity: AuthenticationConfiguration', () => {
  it.each(authnCases)('$name', (c) => expect(errorPaths(c.doc)).toEqual([...c.errors].sort()));
});
describe('upstream parity: AuthorizationConfiguration', () => {
  it.each(authzCases)('$name', (c) => expect(errorPaths(c.doc)).toEqual([...c.errors].sort()));
});
describe('upstream parity: EgressSelectorConfiguration', () => {
  it.each(egressCases)('$name', (c) => expect(errorPaths(c.doc)).toEqual([...c.errors].sort()));
});
describe('upstream parity: TracingConfiguration', () => {
  it.each(tracingCases)('$name', (c) => expect(errorPaths(c.doc)).toEqual([...c.errors].sort()));
});
