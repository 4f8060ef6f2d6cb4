/**
 * Overlay for the API-server configuration kinds of spec document C (types in ../config-types.ts).
 * Descriptions are our own. Where the spec leaves a value set open, the values come from the
 * upstream summary (reference/upstream-rules/config-kinds.md); `enum` is used only where
 * upstream rejects anything else, the empty string included, `knownValues` otherwise (a rule
 * checks the values where an empty string means unset or the comparison ignores case). Cross-field rules (claim vs.
 * expression, webhook only for type Webhook, transport per protocol, ...) are semantic rules.
 */
import type { FieldOverlay, Overlay, SpecRef } from '../overlay-types.js';

const AUTHN: SpecRef = 'C AuthenticationConfiguration';
const AUTHZ: SpecRef = 'C AuthorizationConfiguration';
const EGRESS: SpecRef = 'C EgressSelectorConfiguration';
const TRACING: SpecRef = 'C TracingConfiguration';
const P = 'apiserver/v1beta1';

function configEnvelope(kind: string, spec: SpecRef): Record<string, FieldOverlay> {
  return {
    apiVersion: {
      description: 'Version of the configuration file format; always `apiserver.plat.io/v1beta1`.',
      spec,
    },
    kind: { description: `Kind of the configuration file; always \`${kind}\`.`, spec },
  };
}

const TRACING_FIELDS: Record<string, FieldOverlay> = {
  endpoint: {
    description:
      'Address of the OpenTelemetry collector that receives the traces. The connection is insecure (no TLS). Best left unset, which means the OTLP gRPC default `localhost:4317`. Upstream accepts only `host:port` or dns://, unix:// and unix-abstract:// addresses.',
    spec: TRACING,
  },
  samplingRatePerMillion: {
    description:
      'How many spans per million are sampled. Best left unset: then a span is sampled only when its parent was. 0 to 1000000 (upstream).',
    minimum: 0,
    maximum: 1000000,
    spec: TRACING,
  },
};

export const configKindsOverlay: Overlay = {
  'meta/v1.Duration': {
    description: 'A duration written as a Go duration string, such as `30s`, `5m` or `1h30m`. A bare number is rejected.',
    spec: AUTHZ,
  },

  // --- AuthenticationConfiguration ------------------------------------------------------------
  [`${P}.AuthenticationConfiguration`]: {
    description:
      'API-server configuration file for user authentication: JWT (OIDC) authenticators tried in list order, and anonymous access.',
    spec: AUTHN,
    fields: {
      ...configEnvelope('AuthenticationConfiguration', AUTHN),
      jwt: {
        description:
          'JWT authenticators, tried in order for each token. Each issuer URL is unique, so at most one of them validates a given token. May be absent or empty (no JWT authentication); at most 64 (upstream).',
        maxItems: 64,
        spec: AUTHN,
      },
      anonymous: {
        description:
          'Anonymous access settings. When given here, the anonymous-auth command-line flag must not be set. May be left out (the spec lists it as required; the server does not need it).',
        spec: AUTHN,
      },
    },
  },
  [`${P}.AnonymousAuthConfig`]: {
    description: 'Whether unauthenticated requests are let in as the anonymous user, and for which paths.',
    spec: AUTHN,
    fields: {
      enabled: { description: 'Turns anonymous authentication on or off; left out, it is off.', spec: AUTHN },
      conditions: {
        description:
          'When non-empty, anonymous access is allowed only for requests that meet one of these; absent or empty allows every path. Upstream rejects conditions while enabled is false or left out.',
        spec: AUTHN,
      },
    },
  },
  [`${P}.AnonymousAuthCondition`]: {
    description: 'A request property under which anonymous access is allowed.',
    spec: AUTHN,
    fields: {
      path: { description: 'Request path for which anonymous access is enabled, e.g. `/healthz`.', spec: AUTHN },
    },
  },
  [`${P}.JWTAuthenticator`]: {
    description:
      'Authenticates bearer tokens that are JWTs signed by one OIDC issuer; the signing keys are found by OIDC discovery.',
    spec: AUTHN,
    fields: {
      issuer: { description: 'How to reach and trust the OIDC provider.', spec: AUTHN },
      claimValidationRules: {
        description: 'Checks on the token claims that must all pass.',
        spec: AUTHN,
      },
      claimMappings: {
        description: "How claims become the user's name, groups, uid and extra attributes.",
        spec: AUTHN,
      },
      userValidationRules: {
        description:
          'CEL checks on the resulting user; all must be true (e.g. to reject names with the reserved `system:` prefix).',
        spec: AUTHN,
      },
    },
  },
  [`${P}.Issuer`]: {
    description: 'Connection settings of an OIDC provider.',
    spec: AUTHN,
    fields: {
      url: {
        description:
          "Issuer URL, `https://host` or `https://host/path`, equal to the token's `iss` claim and to the issuer reported by discovery. Unique across authenticators. Discovery is read from `{url}/.well-known/openid-configuration` unless discoveryURL is set; egress selection is not used for it. No user info, query or fragment (upstream).",
        format: 'https-url',
        spec: AUTHN,
      },
      discoveryURL: {
        description:
          "Alternative discovery document location, used verbatim (include the well-known path if needed). The document's `issuer` must still equal url. Must differ from url and be unique across authenticators.",
        format: 'https-url',
        spec: AUTHN,
      },
      certificateAuthority: {
        description:
          'PEM-encoded CA certificates for the discovery connection; the system roots are used when unset. When set it must hold at least one certificate that parses (upstream).',
        spec: AUTHN,
      },
      audiences: {
        description:
          "Accepted audiences; at least one must appear in the token's `aud` claim. Non-empty, no empty or repeated entries.",
        minItems: 1,
        spec: AUTHN,
      },
      audienceMatchPolicy: {
        description:
          'How audiences are compared with `aud`; only `MatchAny` exists. Upstream requires it when more than one audience is listed and accepts it empty or unset with one; use a claim validation rule for stricter checks.',
        spec: AUTHN,
      },
      egressSelectorType: {
        description:
          'Egress selection used for all traffic to the issuer (discovery, keys, distributed claims): `controlplane` or `cluster`. Unset or empty means no custom dialer.',
        spec: AUTHN,
      },
    },
  },
  [`${P}.AudienceMatchPolicyType`]: {
    description: "How an issuer's audiences are matched against the `aud` claim; only `MatchAny` exists.",
    spec: AUTHN,
  },
  [`${P}.EgressSelectorType`]: {
    description: 'Egress selection used to reach an issuer: `controlplane` or `cluster`.',
    spec: AUTHN,
  },
  [`${P}.ClaimValidationRule`]: {
    description:
      'A check on the token claims: either `claim` with `requiredValue`, or a CEL `expression` with an optional `message`.',
    spec: AUTHN,
    fields: {
      claim: {
        description: 'Name of a claim that must be present; string-valued claims only. Not combined with expression.',
        spec: AUTHN,
      },
      requiredValue: {
        description: 'Value the claim must have; unset means it must be the empty string. Only with claim.',
        spec: AUTHN,
      },
      expression: {
        description: 'CEL expression over `claims` that must evaluate to a boolean true. Not combined with claim.',
        cel: 'authentication.claimValidationRule',
        spec: AUTHN,
      },
      message: {
        description: 'Literal error message returned when the expression is false. Only with expression.',
        spec: AUTHN,
      },
    },
  },
  [`${P}.ClaimMappings`]: {
    description: 'Maps token claims to the attributes of the authenticated user.',
    spec: AUTHN,
    fields: {
      username: {
        description:
          'Source of the user name: a single-string claim, or an expression yielding a string. Nothing is defaulted; for the legacy behavior use claim `sub` with an explicit prefix. An expression using `claims.email` must also check `claims.email_verified`.',
        celMembers: { expression: 'authentication.username' },
        spec: AUTHN,
      },
      groups: {
        description:
          'Source of the groups: a string or string-list claim (then prefix is required, possibly empty), or an expression. Empty results mean no groups.',
        celMembers: { expression: 'authentication.groups' },
        spec: AUTHN,
      },
      uid: {
        description: 'Source of the user uid: a single-string claim or a string expression.',
        celMembers: { expression: 'authentication.uid' },
        spec: AUTHN,
      },
      extra: {
        description: 'Extra user attributes computed by CEL; an empty result leaves the attribute out.',
        spec: AUTHN,
      },
    },
  },
  [`${P}.PrefixedClaimOrExpression`]: {
    description: 'A claim with a prefix, or a CEL expression. The expression excludes both claim and prefix.',
    spec: AUTHN,
    fields: {
      claim: { description: 'Name of the claim to read.', spec: AUTHN },
      prefix: {
        description:
          'String put in front of the claim value; required whenever claim is set, and may be empty to disable prefixing.',
        spec: AUTHN,
      },
      expression: { description: 'CEL expression over `claims` computing the value.', spec: AUTHN },
    },
  },
  [`${P}.ClaimOrExpression`]: {
    description: 'A claim name or a CEL expression; exactly one must be set.',
    spec: AUTHN,
    fields: {
      claim: { description: 'Name of the claim to read.', spec: AUTHN },
      expression: { description: 'CEL expression over `claims` computing the value.', spec: AUTHN },
    },
  },
  [`${P}.ExtraMapping`]: {
    description: 'One extra attribute of the user, computed by CEL.',
    spec: AUTHN,
    fields: {
      key: {
        description:
          'Attribute key: a lowercase domain-prefixed path (`example.com/name`), unique in the list. Keys under `plat.io` or `kubernetes.io` are reserved (upstream).',
        spec: AUTHN,
      },
      valueExpression: {
        description:
          'CEL expression yielding a string or list of strings. An empty string, empty list or null leaves the attribute out; empty strings inside a list are dropped.',
        cel: 'authentication.extra',
        spec: AUTHN,
      },
    },
  },
  [`${P}.UserValidationRule`]: {
    description: 'A CEL check on the final user that must be true.',
    spec: AUTHN,
    fields: {
      expression: {
        description: 'CEL expression over `user` that must return true.',
        cel: 'authentication.userValidationRule',
        spec: AUTHN,
      },
      message: { description: 'Literal error message returned when the expression is false.', spec: AUTHN },
    },
  },

  // --- AuthorizationConfiguration -------------------------------------------------------------
  [`${P}.AuthorizationConfiguration`]: {
    description: 'API-server configuration file listing the authorizers, evaluated in order like the authorization-modes flag.',
    spec: AUTHZ,
    fields: {
      ...configEnvelope('AuthorizationConfiguration', AUTHZ),
      authorizers: {
        description: 'Authorizers in evaluation order; at least one.',
        minItems: 1,
        spec: AUTHZ,
      },
    },
  },
  [`${P}.AuthorizerConfiguration`]: {
    description: 'One authorizer in the chain.',
    spec: AUTHZ,
    fields: {
      type: {
        description:
          'Authorizer type. The generic API server supports `Webhook`; the platform API server also accepts AlwaysAllow, AlwaysDeny, ABAC, RBAC and Node, each non-Webhook type at most once.',
        enum: ['AlwaysAllow', 'AlwaysDeny', 'ABAC', 'Webhook', 'RBAC', 'Node'],
        spec: AUTHZ,
      },
      name: {
        description:
          'Name of the authorizer in metrics; unique. The spec calls it a DNS label; the server accepts any DNS subdomain (dots allowed). Non-Webhook authorizers are named after their lowercased type upstream.',
        format: 'dns-subdomain',
        spec: AUTHZ,
      },
      webhook: {
        description: 'Webhook settings; required when type is `Webhook` and not allowed otherwise.',
        spec: AUTHZ,
      },
    },
  },
  [`${P}.WebhookConfiguration`]: {
    description: 'How a webhook authorizer is called and how its answers are cached.',
    spec: AUTHZ,
    fields: {
      authorizedTTL: {
        description:
          'How long "authorized" answers are cached. The spec lists it as required; the server fills `5m` when it is absent or zero.',
        format: 'duration',
        spec: AUTHZ,
      },
      cacheAuthorizedRequests: {
        description: 'Whether "authorized" answers are cached.',
        default: true,
        spec: AUTHZ,
      },
      unauthorizedTTL: {
        description:
          'How long "unauthorized" answers are cached. The spec lists it as required; the server fills `30s` when it is absent or zero.',
        format: 'duration',
        spec: AUTHZ,
      },
      cacheUnauthorizedRequests: {
        description: 'Whether "unauthorized" answers are cached.',
        default: true,
        spec: AUTHZ,
      },
      timeout: {
        description: 'Timeout of a webhook call; greater than 0 and at most `30s`. No default.',
        format: 'duration',
        maxDuration: '30s',
        spec: AUTHZ,
      },
      subjectAccessReviewVersion: {
        description: 'Version of the authorization.plat.io SubjectAccessReview sent to and expected from the webhook.',
        enum: ['v1', 'v1beta1'],
        spec: AUTHZ,
      },
      matchConditionSubjectAccessReviewVersion: {
        description:
          'SubjectAccessReview version the CEL match conditions see: `v1`. No default; required when there are match conditions, and may be left out without them (the spec lists it as always required).',
        knownValues: ['v1'],
        spec: AUTHZ,
      },
      failurePolicy: {
        description:
          'Decision when the call fails, the answer is malformed, or a match condition errors: `NoOpinion` passes to the next authorizer, `Deny` rejects.',
        enum: ['NoOpinion', 'Deny'],
        spec: AUTHZ,
      },
      connectionInfo: { description: 'How to reach the webhook.', spec: AUTHZ },
      matchConditions: {
        description:
          'CEL conditions a request must meet to be sent to the webhook; at most 64. Absent or empty sends every request.',
        maxItems: 64,
        spec: AUTHZ,
      },
    },
  },
  [`${P}.WebhookConnectionInfo`]: {
    description: 'How the API server connects to a webhook authorizer.',
    spec: AUTHZ,
    fields: {
      type: {
        description:
          '`InClusterConfig` uses the in-cluster service account connection; `PlatConfigFile` reads a client configuration file.',
        enum: ['InClusterConfig', 'PlatConfigFile'],
        spec: AUTHZ,
      },
      platConfigFile: {
        description:
          'Absolute path to the client configuration file; required for type `PlatConfigFile` and not allowed otherwise.',
        spec: AUTHZ,
      },
    },
  },
  [`${P}.WebhookMatchCondition`]: {
    description: 'A CEL condition on the request that decides whether the webhook is called.',
    spec: AUTHZ,
    fields: {
      expression: {
        description:
          'CEL expression over `request` (a v1 SubjectAccessReview spec; v1beta1 requests are converted first) that must evaluate to a bool.',
        cel: 'authorization.webhookMatchCondition',
        spec: AUTHZ,
      },
    },
  },

  // --- EgressSelectorConfiguration ------------------------------------------------------------
  [`${P}.EgressSelectorConfiguration`]: {
    description:
      'API-server configuration file for egress selection: how the server dials out to the control plane, etcd and the cluster.',
    spec: EGRESS,
    fields: {
      ...configEnvelope('EgressSelectorConfiguration', EGRESS),
      egressSelections: {
        description: 'One connection setting per egress destination; names must be unique. May be absent or empty.',
        spec: EGRESS,
      },
    },
  },
  [`${P}.EgressSelection`]: {
    description: 'The connection used for one egress destination.',
    spec: EGRESS,
    fields: {
      name: {
        description:
          'Destination: `controlplane`, `etcd` or `cluster`, compared ignoring case. `master` is a deprecated spelling of `controlplane`.',
        knownValues: ['controlplane', 'etcd', 'cluster', 'master'],
        spec: EGRESS,
      },
      connection: { description: 'How traffic to this destination is carried.', spec: EGRESS },
    },
  },
  [`${P}.Connection`]: {
    description: 'Protocol and transport from the API server to the tunnel server.',
    spec: EGRESS,
    fields: {
      proxyProtocol: {
        description: 'Protocol to the tunnel server: `Direct` (no tunnel), `HTTPConnect` or `GRPC`.',
        enum: ['Direct', 'HTTPConnect', 'GRPC'],
        spec: EGRESS,
      },
      transport: {
        description: 'How to reach the tunnel server; required for `HTTPConnect` and `GRPC`, not allowed for `Direct`.',
        spec: EGRESS,
      },
    },
  },
  [`${P}.ProtocolType`]: {
    description: 'Protocol between the API server and the egress tunnel server.',
    spec: EGRESS,
  },
  [`${P}.Transport`]: {
    description: 'Transport to the tunnel server: TCP or a unix domain socket. `GRPC` does not support TCP.',
    spec: EGRESS,
    fields: {
      tcp: { description: 'Reach the tunnel server over TCP.', spec: EGRESS },
      uds: { description: 'Reach the tunnel server over a unix domain socket.', spec: EGRESS },
    },
  },
  [`${P}.TCPTransport`]: {
    description: 'TCP connection to the tunnel server.',
    spec: EGRESS,
    fields: {
      url: {
        description: 'Location of the tunnel server; must start with `http://` or `https://`.',
        format: 'url',
        spec: EGRESS,
      },
      tlsConfig: {
        description: 'TLS settings; required for `https://` URLs and not allowed for `http://`.',
        spec: EGRESS,
      },
    },
  },
  [`${P}.UDSTransport`]: {
    description: 'Unix-domain-socket connection to the tunnel server.',
    spec: EGRESS,
    fields: {
      udsName: {
        description: 'Path of the socket, without a `unix://` prefix.',
        spec: EGRESS,
      },
    },
  },
  [`${P}.TLSConfig`]: {
    description: 'TLS files for the connection to the tunnel server.',
    spec: EGRESS,
    fields: {
      caBundle: {
        description: 'File with the CA bundle. Leave out for `http://`; when left out for `https://` the system roots are used.',
        spec: EGRESS,
      },
      clientKey: {
        description: 'File with the client private key; required for `https://`, not allowed for `http://`.',
        spec: EGRESS,
      },
      clientCert: {
        description: 'File with the client certificate; required for `https://`, not allowed for `http://`.',
        spec: EGRESS,
      },
      tlsServerName: {
        description: 'Server name to verify; defaults to the host name used to connect.',
        spec: EGRESS,
      },
    },
  },

  // --- TracingConfiguration -------------------------------------------------------------------
  [`${P}.TracingConfiguration`]: {
    description: 'API-server configuration file for OpenTelemetry trace export: where traces go and how many spans are sampled.',
    spec: TRACING,
    fields: {
      ...configEnvelope('TracingConfiguration', TRACING),
      ...TRACING_FIELDS,
    },
  },
  'tracing/v1.TracingConfiguration': {
    description: 'Tracing settings: collector endpoint and sampling rate.',
    spec: TRACING,
    fields: TRACING_FIELDS,
  },
};
