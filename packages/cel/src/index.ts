// Public entry of @platlint/cel: type-checked CEL environments for the places the
// platform's configuration holds expressions, with safe evaluation.
export {
  CelEnvironment,
  CelEvaluationError,
  CelProgram,
  DEFAULT_LIMITS,
  type CelIssue,
  type CelLimits,
  type CompileResult,
  type EnvironmentSpec,
  type EvaluateOptions,
  type ResultRule,
  type VariableDecl,
} from './env/environment.js';
export { rememberedCompile } from './env/remembered-compile.js';
export {
  admissionEnvironment,
  lazyVariables,
  LazyVariables,
  type AdmissionEnvironmentOptions,
  type AdmissionPlace,
} from './env/admission.js';
export { claimsEnvironment, userValidationEnvironment, type ClaimsPlace } from './env/authentication.js';
export { webhookMatchEnvironment } from './env/authorization.js';
export { CRD_RULE_LIMITS, crdValidationEnvironment, readsOldSelf, type CrdValidationOptions } from './env/crd-validation.js';
export { admissionPlaceOf, celEnvironmentFor, type PlaceEnvironmentOptions } from './env/places.js';
export {
  fnv1a64,
  parseShardSelector,
  shardMatches,
  SHARD_PATHS,
  type ShardIssue,
  type ShardRange,
  type ShardSelectorResult,
} from './env/shard-selector.js';
export {
  offlineAuthorizer,
  type AuthorizationAttributes,
  type AuthorizationDecision,
  type CelAuthorizer,
} from './lib/authorizer.js';
export { CEL_LIBRARIES, LATEST_RELEASE, librariesAt, type CelLibrary } from './releases.js';
export type { StructuralSchema } from './schema.js';
export type { SourceRange } from './position.js';
export { celTypeOf, fromCel, lazyToCel, toCel } from './values.js';
export { runtimeErrorMessage } from './messages.js';
export { CEL_RESERVED_WORDS, LexError, tokenize as tokenizeCel, type Token as CelToken } from './syntax/lexer.js';
export { tokensOf as celTokensOf } from './syntax/tokens-of.js';
export { yamlValueOffsetToSource, yamlValueRangeToSource, type YamlScalarSource } from './yaml-position.js';
