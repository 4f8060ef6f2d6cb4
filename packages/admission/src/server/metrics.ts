// The webhook's Prometheus metrics, in the text exposition format (version 0.0.4). A handful
// of counters and one histogram family do not need a client library: each series is a
// label string mapped to a number, rendered on demand.

/** Upper bounds of the latency buckets, in seconds: admission answers live in the low milliseconds. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

/** Outcome labels per policy and binding: matched the request, skipped by a match condition, mutated the object, denied it (failurePolicy Fail) or failed under Ignore. */
export type OutcomeLabel = 'matched' | 'skipped' | 'mutated' | 'denied' | 'ignored_error';

interface Histogram {
  buckets: number[];
  count: number;
  sum: number;
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

export function labels(pairs: Record<string, string>): string {
  const body = Object.entries(pairs)
    .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
    .join(',');
  return `{${body}}`;
}

function number(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return '+Inf';
  if (n === -Infinity) return '-Inf';
  return String(n);
}

/** Distinct kinds counted by platlint_webhook_unknown_kind_refusals_total before they share the series below. */
const MAX_UNKNOWN_KINDS = 64;
const OTHER_KINDS = '(other kinds)';

export class Metrics {
  private readonly requests = new Map<string, { value: number }>();
  private readonly latency = new Map<string, Histogram>();
  private readonly outcomes = new Map<string, { value: number }>();
  private readonly reloads = new Map<string, number>();
  private stateReloadFailures = 0;
  private readonly stateChanges = new Map<string, number>();
  private readonly decisions = new Map<string, { value: number }>();
  private readonly unknownKinds = new Map<string, number>();
  private readonly gauges = new Map<string, { help: string; value: number }>();
  /**
   * Per-request series, looked up by their label values in nested maps: every request
   * records a few, and escaping and joining label strings (or building string keys) each
   * time showed in profiles. The maps are bounded by the routes, codes and the state's
   * policy and binding names; `labelCount` caps them all the same.
   */
  private readonly requestSeries = new Map<string, { latency: Histogram; byCode: Map<number, { value: number }> }>();
  private readonly outcomeSeries = new Map<string, Map<string, Map<OutcomeLabel, { value: number }>>>();
  private labelCount = 0;
  /** Families rendered by others (the cluster sources), appended to the exposition text. */
  private readonly collectors: (() => string[])[] = [];

  private static bump(map: Map<string, number>, key: string, by = 1): void {
    map.set(key, (map.get(key) ?? 0) + by);
  }

  /** Makes room for one more label series; past the bound, the cached lookups start over. */
  private countLabel(): void {
    if (++this.labelCount <= 10_000) return;
    this.labelCount = 1;
    this.requestSeries.clear();
    this.outcomeSeries.clear();
  }

  /** One answered HTTP request: its path (unknown paths folded into one label), code and duration. */
  request(path: string, code: number, seconds: number): void {
    let series = this.requestSeries.get(path);
    if (series === undefined) {
      this.countLabel();
      const key = labels({ path });
      let latency = this.latency.get(key);
      if (!latency) this.latency.set(key, (latency = { buckets: LATENCY_BUCKETS.map(() => 0), count: 0, sum: 0 }));
      this.requestSeries.set(path, (series = { latency, byCode: new Map() }));
    }
    let counter = series.byCode.get(code);
    if (counter === undefined) {
      this.countLabel();
      const key = labels({ path, code: String(code) });
      counter = this.requests.get(key);
      if (!counter) this.requests.set(key, (counter = { value: 0 }));
      series.byCode.set(code, counter);
    }
    counter.value += 1;
    // Buckets are stored non-cumulative and summed when rendered.
    const h = series.latency;
    for (let i = 0; i < LATENCY_BUCKETS.length; i++) {
      if (seconds <= (LATENCY_BUCKETS[i] as number)) {
        h.buckets[i] = (h.buckets[i] ?? 0) + 1;
        break;
      }
    }
    h.count += 1;
    h.sum += seconds;
  }

  policyOutcome(policy: string, binding: string, outcome: OutcomeLabel): void {
    let byBinding = this.outcomeSeries.get(policy);
    if (byBinding === undefined) this.outcomeSeries.set(policy, (byBinding = new Map()));
    let byOutcome = byBinding.get(binding);
    if (byOutcome === undefined) byBinding.set(binding, (byOutcome = new Map()));
    let counter = byOutcome.get(outcome);
    if (counter === undefined) {
      this.countLabel();
      const key = labels({ policy, binding, outcome });
      counter = this.outcomes.get(key);
      if (!counter) this.outcomes.set(key, (counter = { value: 0 }));
      byOutcome.set(outcome, counter);
    }
    counter.value += 1;
  }

  /** Where an admission decision ran and why (see decision-router.ts). */
  decision(route: string): void {
    let counter = this.decisions.get(route);
    if (counter === undefined) this.decisions.set(route, (counter = { value: 0 }));
    counter.value += 1;
  }

  /**
   * A mutation refused because no schema is known for the kind it mutates (503). Kinds come
   * from requests: past a bound, further ones share one series.
   */
  unknownKindRefusal(kind: string): void {
    const key = this.unknownKinds.has(kind) || this.unknownKinds.size < MAX_UNKNOWN_KINDS ? kind : OTHER_KINDS;
    Metrics.bump(this.unknownKinds, key);
  }

  reload(source: 'state' | 'tls', result: 'success' | 'failure'): void {
    Metrics.bump(this.reloads, labels({ source, result }));
  }

  /** A reload of the state refused (an object the API server would refuse); the old state serves on. */
  stateReloadFailed(): void {
    this.stateReloadFailures += 1;
  }

  /** Policies or bindings a taken reload added to or removed from the state. */
  stateChange(object: 'policy' | 'binding', change: 'added' | 'removed', count: number): void {
    if (count > 0) Metrics.bump(this.stateChanges, labels({ object, change }), count);
  }

  gauge(name: string, help: string, value: number): void {
    this.gauges.set(name, { help, value });
  }

  /** Adds families rendered on demand by another part (lines of the exposition format). */
  collect(render: () => string[]): void {
    this.collectors.push(render);
  }

  /** The exposition text; families without samples still carry HELP and TYPE. */
  render(): string {
    const out: string[] = [];
    const counter = (name: string, help: string, series: Map<string, number | { value: number }>) => {
      out.push(`# HELP ${name} ${help}`, `# TYPE ${name} counter`);
      for (const [key, value] of [...series].sort(([a], [b]) => a.localeCompare(b)))
        out.push(`${name}${key} ${number(typeof value === 'number' ? value : value.value)}`);
    };
    counter('platlint_webhook_requests_total', 'HTTP requests answered, by path and status code.', this.requests);

    const hist = 'platlint_webhook_request_duration_seconds';
    out.push(`# HELP ${hist} Time from the request's arrival to its answer, by path.`, `# TYPE ${hist} histogram`);
    for (const [key, h] of [...this.latency].sort(([a], [b]) => a.localeCompare(b))) {
      const inner = key.slice(1, -1);
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((bound, i) => {
        cumulative += h.buckets[i] ?? 0;
        out.push(`${hist}_bucket{${inner},le="${bound}"} ${cumulative}`);
      });
      out.push(
        `${hist}_bucket{${inner},le="+Inf"} ${h.count}`,
        `${hist}_sum${key} ${number(h.sum)}`,
        `${hist}_count${key} ${h.count}`,
      );
    }

    counter(
      'platlint_webhook_policy_outcomes_total',
      'Admission outcomes per policy and binding: matched the request, skipped by a match condition, mutated the object, denied it (failurePolicy Fail), or failed under failurePolicy Ignore.',
      this.outcomes,
    );
    counter(
      'platlint_webhook_decisions_total',
      'Admission decisions by where they ran: route "main" on the event loop; otherwise on a worker thread, because of /validate, a large body, a decision that ran past the main thread\'s slice, or a resource and operation that recently did.',
      new Map([...this.decisions].map(([route, c]) => [labels({ route }), c])),
    );
    counter(
      'platlint_webhook_unknown_kind_refusals_total',
      'Mutating requests refused with 503, whatever the failure policy, because a policy would mutate a kind with no known schema (no CustomResourceDefinition of the state or the cluster serves it), by kind.',
      new Map([...this.unknownKinds].map(([kind, n]) => [labels({ kind }), n])),
    );
    counter(
      'platlint_webhook_reloads_total',
      'Reloads of the state directory and of the TLS certificate, by result.',
      this.reloads,
    );
    out.push(
      '# HELP platlint_state_reload_failures_total Reloads of the state refused because an object would be refused by the API server; the last good state kept serving.',
      '# TYPE platlint_state_reload_failures_total counter',
      `platlint_state_reload_failures_total ${this.stateReloadFailures}`,
    );
    counter(
      'platlint_webhook_state_changes_total',
      'Policies and bindings added to or removed from the state by reloads, by object and change (each also logged by name).',
      this.stateChanges,
    );
    for (const [name, g] of [...this.gauges].sort(([a], [b]) => a.localeCompare(b))) {
      out.push(`# HELP ${name} ${g.help}`, `# TYPE ${name} gauge`, `${name} ${number(g.value)}`);
    }
    for (const render of this.collectors) out.push(...render());
    return `${out.join('\n')}\n`;
  }
}
