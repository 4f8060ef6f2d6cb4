/**
 * Structural types of the API-server configuration kinds of spec document C
 * (AuthenticationConfiguration, AuthorizationConfiguration, EgressSelectorConfiguration,
 * TracingConfiguration, all `apiserver.plat.io/v1beta1`), written by hand in the shape of
 * reference/api-types.json so that the same builder handles them. `optional: false` marks
 * only what the API server refuses to load without (reference/upstream-rules/config-kinds.md):
 * the spec's Required column also marks fields the server defaults or leaves empty, and those
 * are optional here (a semantic rule warns where the spec asks for them). Values the server
 * checks only when a field is non-empty (an empty string counts as unset) are `knownValues`,
 * checked by a rule, since an `enum` would refuse the empty string. Pointers follow upstream.
 */
import type { FieldEntry, KindEntry, TypeEntry } from './api-types.js';

const P = 'apiserver/v1beta1';

const typeMeta = (): Record<string, FieldEntry> => ({
  kind: { type: 'string', optional: false, inlinedFrom: 'meta/v1.TypeMeta' },
  apiVersion: { type: 'string', optional: false, inlinedFrom: 'meta/v1.TypeMeta' },
});

export const configTypes: Record<string, TypeEntry> = {
  // --- shared scalars -------------------------------------------------------------------------
  /** metav1.Duration: serialized as a Go duration string such as "30s" or "5m". */
  'meta/v1.Duration': { kind: 'scalar', base: 'string', format: 'duration' },

  // --- AuthenticationConfiguration ------------------------------------------------------------
  [`${P}.AuthenticationConfiguration`]: {
    kind: 'struct',
    fields: {
      ...typeMeta(),
      // Zero authenticators and no anonymous block both load (A1).
      jwt: { ref: `${P}.JWTAuthenticator`, array: true, optional: true, listType: 'atomic' },
      anonymous: { ref: `${P}.AnonymousAuthConfig`, pointer: true, optional: true },
    },
  },
  [`${P}.AnonymousAuthConfig`]: {
    kind: 'struct',
    fields: {
      // Omitted means false; conditions are only refused beside enabled: false (A25).
      enabled: { type: 'bool', optional: true },
      conditions: { ref: `${P}.AnonymousAuthCondition`, array: true, optional: true, listType: 'atomic' },
    },
  },
  [`${P}.AnonymousAuthCondition`]: {
    kind: 'struct',
    fields: {
      // Not validated upstream; config/anonymous warns about a missing path.
      path: { type: 'string', optional: true },
    },
  },
  [`${P}.JWTAuthenticator`]: {
    kind: 'struct',
    fields: {
      issuer: { ref: `${P}.Issuer`, optional: false },
      claimValidationRules: { ref: `${P}.ClaimValidationRule`, array: true, optional: true, listType: 'atomic' },
      claimMappings: { ref: `${P}.ClaimMappings`, optional: false },
      userValidationRules: { ref: `${P}.UserValidationRule`, array: true, optional: true, listType: 'atomic' },
    },
  },
  [`${P}.Issuer`]: {
    kind: 'struct',
    fields: {
      url: { type: 'string', optional: false },
      discoveryURL: { type: 'string', optional: true },
      certificateAuthority: { type: 'string', optional: true },
      audiences: { type: 'string', array: true, optional: false, listType: 'atomic', validation: { minItems: 1 } },
      audienceMatchPolicy: { ref: `${P}.AudienceMatchPolicyType`, optional: true },
      egressSelectorType: { ref: `${P}.EgressSelectorType`, optional: true },
    },
  },
  // Empty means unset for both; the values are checked by config/audience-match-policy and
  // config/issuer-egress-selector-type (A11, A13).
  [`${P}.AudienceMatchPolicyType`]: { kind: 'scalar', base: 'string', knownValues: ['MatchAny'] },
  [`${P}.EgressSelectorType`]: { kind: 'scalar', base: 'string', knownValues: ['controlplane', 'cluster'] },
  [`${P}.ClaimValidationRule`]: {
    kind: 'struct',
    fields: {
      claim: { type: 'string', optional: true },
      requiredValue: { type: 'string', optional: true },
      expression: { type: 'string', optional: true },
      message: { type: 'string', optional: true },
    },
  },
  [`${P}.ClaimMappings`]: {
    kind: 'struct',
    fields: {
      username: { ref: `${P}.PrefixedClaimOrExpression`, optional: false },
      groups: { ref: `${P}.PrefixedClaimOrExpression`, optional: true },
      uid: { ref: `${P}.ClaimOrExpression`, optional: true },
      extra: { ref: `${P}.ExtraMapping`, array: true, optional: true, listType: 'atomic' },
    },
  },
  [`${P}.PrefixedClaimOrExpression`]: {
    kind: 'struct',
    fields: {
      claim: { type: 'string', optional: true },
      prefix: { type: 'string', pointer: true, optional: true },
      expression: { type: 'string', optional: true },
    },
  },
  [`${P}.ClaimOrExpression`]: {
    kind: 'struct',
    fields: {
      claim: { type: 'string', optional: true },
      expression: { type: 'string', optional: true },
    },
  },
  [`${P}.ExtraMapping`]: {
    kind: 'struct',
    fields: {
      key: { type: 'string', optional: false },
      valueExpression: { type: 'string', optional: false },
    },
  },
  [`${P}.UserValidationRule`]: {
    kind: 'struct',
    fields: {
      expression: { type: 'string', optional: false },
      message: { type: 'string', optional: true },
    },
  },

  // --- AuthorizationConfiguration -------------------------------------------------------------
  [`${P}.AuthorizationConfiguration`]: {
    kind: 'struct',
    fields: {
      ...typeMeta(),
      authorizers: {
        ref: `${P}.AuthorizerConfiguration`,
        array: true,
        optional: false,
        listType: 'atomic',
        validation: { minItems: 1 },
      },
    },
  },
  [`${P}.AuthorizerConfiguration`]: {
    kind: 'struct',
    fields: {
      type: { type: 'string', optional: false },
      name: { type: 'string', optional: false },
      webhook: { ref: `${P}.WebhookConfiguration`, pointer: true, optional: true },
    },
  },
  [`${P}.WebhookConfiguration`]: {
    kind: 'struct',
    fields: {
      // Absent or zero TTLs are defaulted (Z5); timeout is not.
      authorizedTTL: { ref: 'meta/v1.Duration', optional: true },
      cacheAuthorizedRequests: { type: 'bool', pointer: true, optional: true },
      unauthorizedTTL: { ref: 'meta/v1.Duration', optional: true },
      cacheUnauthorizedRequests: { type: 'bool', pointer: true, optional: true },
      timeout: { ref: 'meta/v1.Duration', optional: false },
      subjectAccessReviewVersion: { type: 'string', optional: false },
      // Needed only beside match conditions (Z9): config/webhook-match-condition checks it.
      matchConditionSubjectAccessReviewVersion: { type: 'string', optional: true },
      failurePolicy: { type: 'string', optional: false },
      connectionInfo: { ref: `${P}.WebhookConnectionInfo`, optional: false },
      matchConditions: {
        ref: `${P}.WebhookMatchCondition`,
        array: true,
        optional: true,
        listType: 'atomic',
        validation: { maxItems: 64 },
      },
    },
  },
  [`${P}.WebhookConnectionInfo`]: {
    kind: 'struct',
    fields: {
      type: { type: 'string', optional: false },
      platConfigFile: { type: 'string', pointer: true, optional: true },
    },
  },
  [`${P}.WebhookMatchCondition`]: {
    kind: 'struct',
    fields: {
      expression: { type: 'string', optional: false },
    },
  },

  // --- EgressSelectorConfiguration ------------------------------------------------------------
  [`${P}.EgressSelectorConfiguration`]: {
    kind: 'struct',
    fields: {
      ...typeMeta(),
      // An empty or absent list loads (E1).
      egressSelections: { ref: `${P}.EgressSelection`, array: true, optional: true, listType: 'atomic' },
    },
  },
  [`${P}.EgressSelection`]: {
    kind: 'struct',
    fields: {
      name: { type: 'string', optional: false },
      connection: { ref: `${P}.Connection`, optional: false },
    },
  },
  [`${P}.Connection`]: {
    kind: 'struct',
    fields: {
      proxyProtocol: { ref: `${P}.ProtocolType`, optional: false },
      transport: { ref: `${P}.Transport`, pointer: true, optional: true },
    },
  },
  [`${P}.ProtocolType`]: { kind: 'scalar', base: 'string', enum: ['Direct', 'GRPC', 'HTTPConnect'] },
  [`${P}.Transport`]: {
    kind: 'struct',
    fields: {
      tcp: { ref: `${P}.TCPTransport`, pointer: true, optional: true },
      uds: { ref: `${P}.UDSTransport`, pointer: true, optional: true },
    },
  },
  [`${P}.TCPTransport`]: {
    kind: 'struct',
    fields: {
      url: { type: 'string', optional: false },
      tlsConfig: { ref: `${P}.TLSConfig`, pointer: true, optional: true },
    },
  },
  [`${P}.UDSTransport`]: {
    kind: 'struct',
    fields: {
      udsName: { type: 'string', optional: false },
    },
  },
  [`${P}.TLSConfig`]: {
    kind: 'struct',
    fields: {
      caBundle: { type: 'string', optional: true },
      clientKey: { type: 'string', optional: true },
      clientCert: { type: 'string', optional: true },
      tlsServerName: { type: 'string', optional: true },
    },
  },

  // --- TracingConfiguration -------------------------------------------------------------------
  /** The top-level kind: TypeMeta plus the embedded tracing fields, flattened. */
  [`${P}.TracingConfiguration`]: {
    kind: 'struct',
    fields: {
      ...typeMeta(),
      endpoint: { type: 'string', pointer: true, optional: true, inlinedFrom: 'tracing/v1.TracingConfiguration' },
      samplingRatePerMillion: {
        type: 'int32',
        pointer: true,
        optional: true,
        inlinedFrom: 'tracing/v1.TracingConfiguration',
      },
    },
  },
  /** The embedded tracing settings (component-base tracing API), recorded for `inlinedFrom`. */
  'tracing/v1.TracingConfiguration': {
    kind: 'struct',
    fields: {
      endpoint: { type: 'string', pointer: true, optional: true },
      samplingRatePerMillion: { type: 'int32', pointer: true, optional: true },
    },
  },
};

function configKind(kind: string): KindEntry {
  return {
    group: 'apiserver.plat.io',
    version: 'v1beta1',
    apiVersion: 'apiserver.plat.io/v1beta1',
    kind,
    type: `${P}.${kind}`,
    scope: 'config',
    namespaced: false,
    resource: null,
    subresources: [],
  };
}

export const configKinds: KindEntry[] = [
  configKind('AuthenticationConfiguration'),
  configKind('AuthorizationConfiguration'),
  configKind('EgressSelectorConfiguration'),
  configKind('TracingConfiguration'),
];
