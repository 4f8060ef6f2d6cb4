import type { Rule } from '@platlint/core';
import anonymous from './anonymous.js';
import audienceMatchPolicy from './audience-match-policy.js';
import audiences from './audiences.js';
import authenticationCel from './authentication-cel.js';
import authorizationCel from './authorization-cel.js';
import authorizerBuiltinName from './authorizer-builtin-name.js';
import authorizerUnique from './authorizer-unique.js';
import authorizerWebhook from './authorizer-webhook.js';
import certificateAuthority from './certificate-authority.js';
import claimOrExpression from './claim-or-expression.js';
import claimPrefix from './claim-prefix.js';
import claimValidationRule from './claim-validation-rule.js';
import discoveryUrlDiffers from './discovery-url-differs.js';
import egressName from './egress-name.js';
import egressTls from './egress-tls.js';
import egressTransport from './egress-transport.js';
import egressUdsName from './egress-uds-name.js';
import emailVerified from './email-verified.js';
import extraMapping from './extra-mapping.js';
import issuerEgressSelectorType from './issuer-egress-selector-type.js';
import issuerUrlForm from './issuer-url-form.js';
import issuerUrlUnique from './issuer-url-unique.js';
import tracingEndpoint from './tracing-endpoint.js';
import userValidationRule from './user-validation-rule.js';
import webhookCacheTtl from './webhook-cache-ttl.js';
import webhookConnectionInfo from './webhook-connection-info.js';
import webhookMatchCondition from './webhook-match-condition.js';
import webhookTimeout from './webhook-timeout.js';

/** The rules of this area; rules/src/index.ts gathers every area. */
export const rules: readonly Rule[] = [
  anonymous,
  audienceMatchPolicy,
  audiences,
  authenticationCel,
  authorizationCel,
  authorizerBuiltinName,
  authorizerUnique,
  authorizerWebhook,
  certificateAuthority,
  claimOrExpression,
  claimPrefix,
  claimValidationRule,
  discoveryUrlDiffers,
  egressName,
  egressTls,
  egressTransport,
  egressUdsName,
  emailVerified,
  extraMapping,
  issuerEgressSelectorType,
  issuerUrlForm,
  issuerUrlUnique,
  tracingEndpoint,
  userValidationRule,
  webhookCacheTtl,
  webhookConnectionInfo,
  webhookMatchCondition,
  webhookTimeout,
];
