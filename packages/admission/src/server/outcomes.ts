// Per policy and binding outcomes for the metrics. The engine answers for the request as a
// whole, so the outcomes are read back from it: which bindings matched (the same matcher the
// engine runs), and which ones the denial causes and the Ignore warnings name.
import { matchResources, ruleKeysOf, type MatchAttributes, type MatchContext } from '../match/matcher.js';
import { bindingsOf, type State } from '../state/state.js';
import type { AdmissionRequest, AdmissionResult } from '../types.js';
import type { Metrics } from './metrics.js';

const NAMED = /^policy '([^']*)' with binding '([^']*)' denied request/;

export function recordOutcomes(metrics: Metrics, state: State, request: AdmissionRequest, result: AdmissionResult): void {
  const a: MatchAttributes = {
    kind: request.kind,
    resource: request.resource,
    subResource: request.subResource ?? '',
    name: request.name ?? '',
    namespace: request.namespace ?? '',
    operation: request.operation,
    object: request.object,
    oldObject: request.oldObject,
  };
  const ctx: MatchContext = { state, namespaceOf: (name) => state.namespaces.get(name) };
  // The rules' verdicts are cached (match/matcher.ts), so this repeats only the selectors.
  const keys = ruleKeysOf(a);
  for (const policy of state.policies) {
    const constraints = matchResources(policy.spec.matchConstraints, a, ctx, keys);
    if (!constraints.matches) continue;
    for (const binding of bindingsOf(state, policy)) {
      if (binding.spec.matchResources && !matchResources(binding.spec.matchResources, a, ctx, keys).matches) continue;
      metrics.policyOutcome(policy.name, binding.name, 'matched');
    }
  }
  for (const cause of result.status?.details?.causes ?? []) {
    const m = NAMED.exec(cause.message);
    if (m) metrics.policyOutcome(m[1] as string, m[2] as string, 'denied');
  }
  for (const warning of result.warnings) {
    const m = NAMED.exec(warning);
    if (m && warning.endsWith('(ignored: failurePolicy Ignore)')) metrics.policyOutcome(m[1] as string, m[2] as string, 'ignored_error');
  }
}
