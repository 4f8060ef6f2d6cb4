// Per policy and binding outcomes for the metrics, read from the engine's structured outcomes
// (admit() records one per policy, binding, param and pass): no second matching, no parsing
// of messages.
import type { AdmissionResult } from '../types.js';
import type { OutcomeLabel } from './metrics.js';

const LABELS: Record<AdmissionResult['outcomes'][number]['outcome'], OutcomeLabel | undefined> = {
  skipped: 'skipped',
  mutated: 'mutated',
  unchanged: undefined,
  failed: 'denied',
  ignored: 'ignored_error',
};

/** The metrics' outcome labels of a result's policy outcomes, in order. */
export function outcomeLabels(outcomes: AdmissionResult['outcomes']): [string, string, OutcomeLabel][] {
  const labels: [string, string, OutcomeLabel][] = [];
  const matched = new Set<string>();
  for (const o of outcomes) {
    // Each binding that applied to the request counts once as matched, whatever its passes did.
    const key = `${o.policy}\u0000${o.binding}`;
    if (!matched.has(key)) {
      matched.add(key);
      labels.push([o.policy, o.binding, 'matched']);
    }
    const label = LABELS[o.outcome];
    if (label) labels.push([o.policy, o.binding, label]);
  }
  return labels;
}
