// Per policy and binding outcomes for the metrics, read from the engine's structured outcomes
// (admit() records one per policy, binding, param and pass): no second matching, no parsing
// of messages.
import type { AdmissionResult } from '../types.js';
import type { Metrics, OutcomeLabel } from './metrics.js';

const LABELS: Record<AdmissionResult['outcomes'][number]['outcome'], OutcomeLabel | undefined> = {
  skipped: 'skipped',
  mutated: 'mutated',
  unchanged: undefined,
  failed: 'denied',
  ignored: 'ignored_error',
};

export function recordOutcomes(metrics: Metrics, result: AdmissionResult): void {
  const matched = new Set<string>();
  for (const o of result.outcomes) {
    // Each binding that applied to the request counts once as matched, whatever its passes did.
    const key = `${o.policy}\u0000${o.binding}`;
    if (!matched.has(key)) {
      matched.add(key);
      metrics.policyOutcome(o.policy, o.binding, 'matched');
    }
    const label = LABELS[o.outcome];
    if (label) metrics.policyOutcome(o.policy, o.binding, label);
  }
}
