/** Manifest builders shared by this area's tests: complete, valid documents around the part under test. */

const indent = (text: string, by: number): string =>
  text
    .split('\n')
    .map((line) => (line === '' ? line : ' '.repeat(by) + line))
    .join('\n');

/** One JWT authenticator; `issuer` and `mappings` are YAML bodies at column 0. */
export function jwt(parts: { issuer?: string; mappings?: string; claimRules?: string; userRules?: string } = {}): string {
  const issuer = parts.issuer ?? 'url: https://sso.example.com\naudiences: [platform-api]';
  const mappings = parts.mappings ?? 'username:\n  claim: sub\n  prefix: "sso:"';
  return [
    `- issuer:\n${indent(issuer, 4)}`,
    parts.claimRules === undefined ? '' : `  claimValidationRules:\n${indent(parts.claimRules, 4)}`,
    `  claimMappings:\n${indent(mappings, 4)}`,
    parts.userRules === undefined ? '' : `  userValidationRules:\n${indent(parts.userRules, 4)}`,
  ]
    .filter((s) => s !== '')
    .join('\n');
}

export function authn(jwts: string[], anonymous = 'enabled: false\nconditions: []'): string {
  return `apiVersion: apiserver.plat.io/v1beta1
kind: AuthenticationConfiguration
jwt:
${indent(jwts.join('\n'), 2)}
anonymous:
${indent(anonymous, 2)}
`;
}

/** A webhook body at column 0 with every required field; `extra` lines replace or add fields. */
function webhookBody(fields: Record<string, string | undefined> = {}): string {
  const all: Record<string, string | undefined> = {
    timeout: '3s',
    authorizedTTL: '5m',
    unauthorizedTTL: '30s',
    subjectAccessReviewVersion: 'v1',
    matchConditionSubjectAccessReviewVersion: 'v1',
    failurePolicy: 'NoOpinion',
    connectionInfo: '\n  type: PlatConfigFile\n  platConfigFile: /etc/platform/authz/webhook.kubeconfig',
    matchConditions: '\n  - expression: has(request.resourceAttributes)',
    ...fields,
  };
  return Object.entries(all)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}:${(v as string).startsWith('\n') ? '' : ' '}${v as string}`)
    .join('\n');
}

export function webhookAuthorizer(name: string, fields: Record<string, string | undefined> = {}): string {
  return `- type: Webhook\n  name: ${name}\n  webhook:\n${indent(webhookBody(fields), 4)}`;
}

export function authz(authorizers: string[]): string {
  return `apiVersion: apiserver.plat.io/v1beta1
kind: AuthorizationConfiguration
authorizers:
${indent(authorizers.join('\n'), 2)}
`;
}

export function egress(selections: string): string {
  return `apiVersion: apiserver.plat.io/v1beta1
kind: EgressSelectorConfiguration
egressSelections:
${indent(selections, 2)}
`;
}

/** A self-signed P-256 CA certificate made for these tests (no private key is kept). */
export const TEST_CA_PEM = `-----BEGIN CERTIFICATE-----
MIIBjDCCATOgAwIBAgIUJGYxN8DdPjVeysKGdaYaf8rv4kswCgYIKoZIzj0EAwIw
GzEZMBcGA1UEAwwQcGxhdGxpbnQtdGVzdC1jYTAgFw0yNjExMjQyMTU3NDFaGA8y
MTI2MTAzMTIxNTc0MVowGzEZMBcGA1UEAwwQcGxhdGxpbnQtdGVzdC1jYTBZMBMG
ByqGSM49AgEGCCqGSM49AwEHA0IABKrqy4rhpqYdIjRbaf2FWKvK86XJkr+V0KKG
9mijo7qBuuqSyzRFVfN+EC6KyQhpsnIYiIgiuwRRC7tpDDtI7/2jUzBRMB0GA1Ud
DgQWBBRilw3kDY+KBAXbsoehv7GrBeIGDzAfBgNVHSMEGDAWgBRilw3kDY+KBAXb
soehv7GrBeIGDzAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0cAMEQCIFMi
XaYuKZHgcN71cULxFHJ0C+BU7ttDUXBRwYA7tH2xAiBx6QFLAR/v7Lere7acBgfw
Y4hPM42fCzMEMyDnLopcVw==
-----END CERTIFICATE-----`;

/** A YAML block scalar (`|` and the indented text) for a field at the given column. */
export function blockScalar(text: string, column: number): string {
  return `|\n${indent(text, column + 2)}`;
}
