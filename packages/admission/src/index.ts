// Public entry of @platlint/admission: the offline MutatingAdmissionPolicy engine.
export { admit, type AdmitOptions } from './admit.js';
export { loadState, manifestFiles, stateFromObjects, stateFromSources } from './state/load.js';
export { createState, type LoadProblem, type State } from './state/state.js';
export type { Binding, BindingSpec, MatchResources, NamedRule, ParamRef, Policy, PolicySpec } from './state/policy-types.js';
export { kindFacts, type KindFacts } from './state/kinds.js';
export { matchResources, type MatchAttributes, type MatchOutcome } from './match/matcher.js';
export { collectParams, type ParamsOutcome } from './params/params.js';
export { mergeApplyConfiguration, ApplyConfigurationError } from './merge/apply-configuration.js';
export { applyJsonPatch, JsonPatchError, JsonPatchTestFailed, type JsonPatchOperation } from './merge/json-patch.js';
export { diffToPatch } from './merge/diff.js';
export type {
  AdmissionAnswer,
  AdmissionRequest,
  AdmissionResult,
  DenialStatus,
  GroupVersionKind,
  GroupVersionResource,
  Operation,
  UserInfo,
} from './types.js';
export type { Json, JsonObject } from './json.js';
export { mutateObjects, requestFor, type MutateOptions, type MutateOutcome } from './testing/mutate.js';
export {
  normalizeForComparison,
  runTestCase,
  runTestCaseObject,
  type TestCaseExpectation,
  type TestCaseResult,
} from './testing/test-case.js';
export { unifiedDiff, type DiffLabels } from './testing/text-diff.js';
export type { ClusterOptions } from './cluster/index.js';
export {
  createWebhookServer,
  runAdmissionWorkerIfAsked,
  jsonLogger,
  silentLogger,
  LOG_LEVELS,
  MAX_BODY_BYTES,
  DRY_RUN_WARNING,
  REVIEW_API_VERSION,
  type WebhookServerOptions,
  type WebhookServer,
  type Logger,
  type LogLevel,
} from './server/index.js';
export { startWebhook, type WebhookOptions } from './webhook.js';
export { admissionWorkerEntry } from './worker-entry.js';
