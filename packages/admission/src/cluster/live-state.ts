// The state of a webhook connected to the platform's API: the state files combined with
// the objects listed and watched through the API (namespaces and CustomResourceDefinitions
// always; the param kinds the bindings reference; with watchPolicies, the policies and
// bindings). A kind that comes
// from the API comes from there only: the files keep supplying every other kind.
//
// Every change of a source leads to one new State, built whole and swapped in one
// assignment: requests read `current` once, so each decides with one consistent
// snapshot. Changes that arrive together (all the items of a re-list, a burst of watch
// events) are batched into one rebuild on the next turn of the event loop.
import type { KubeConfig } from '@kubernetes/client-node';
import { labels as metricLabels, type Metrics } from '../server/metrics.js';
import type { Logger } from '../server/log.js';
import type { StateSource } from '../server/state-source.js';
import type { Readiness, StateView } from '../server/state-view.js';
import { isObject, type JsonObject } from '../json.js';
import { ADMISSION_GROUP, BINDING_KIND, CRD_GROUP, CRD_KIND, NAMESPACE_KIND, POLICY_KIND } from '../state/policy-types.js';
import { createState, type LoadProblem, type State } from '../state/state.js';
import { ObjectChecker } from './checked-objects.js';
import { DEFAULT_BACKOFF, ResourceSource, sourceName, type Backoff, type SourceKind } from './resource-source.js';

export interface LiveStateOptions {
  /** Also list and watch MutatingAdmissionPolicies and their bindings. */
  watchPolicies: boolean;
  /** A source without a working list or watch for longer than this makes /readyz fail. */
  staleAfterMs: number;
  backoff?: Backoff;
}

const NAMESPACES: SourceKind = { apiVersion: 'v1', kind: NAMESPACE_KIND };
// The cluster's CRDs give the schemas of its custom kinds: a definition created or changed
// there reaches the next request, as a namespace does, without a restart.
const CRDS: SourceKind = { apiVersion: `${CRD_GROUP}/v1`, kind: CRD_KIND };
const POLICIES: SourceKind = { apiVersion: `${ADMISSION_GROUP}/v1`, kind: POLICY_KIND };
const BINDINGS: SourceKind = { apiVersion: `${ADMISSION_GROUP}/v1`, kind: BINDING_KIND };

/** Events of the sources that say something is wrong with what the API sent. */
const WARNINGS = new Set(['cluster.source_error', 'cluster.items_skipped', 'cluster.event_skipped']);

/** How often the file state is compared with the one combined last (it has no events). */
const FILE_CHECK_MS = 200;

function kindKey(apiVersion: unknown, kind: unknown): string {
  return `${String(apiVersion)}/${String(kind)}`;
}

/** Every object of a state, back as the list it was built from. */
function objectsOf(state: State): JsonObject[] {
  return [
    ...state.policies.map((p) => p.object),
    ...state.bindings.map((b) => b.object),
    ...state.params,
    ...state.namespaces.values(),
    ...state.crds,
  ];
}

/** The param kinds that bindings with a paramRef need, by `apiVersion/Kind`. */
function paramKinds(objects: readonly JsonObject[]): Map<string, SourceKind> {
  const state = createState(objects.filter((o) => o.kind === POLICY_KIND || o.kind === BINDING_KIND));
  const byName = new Map(state.policies.map((p) => [p.name, p]));
  const out = new Map<string, SourceKind>();
  for (const binding of state.bindings) {
    const kind = byName.get(binding.spec.policyName)?.spec.paramKind;
    if (binding.spec.paramRef && kind)
      out.set(kindKey(kind.apiVersion, kind.kind), { apiVersion: kind.apiVersion, kind: kind.kind });
  }
  return out;
}

export class LiveState implements StateView {
  private state: State | undefined;
  generation = 0;
  private readonly namespaces: ResourceSource;
  private readonly crds: ResourceSource;
  private readonly policies: ResourceSource | undefined;
  private readonly bindings: ResourceSource | undefined;
  private readonly params = new Map<string, ResourceSource>();
  private readonly checker: ObjectChecker;
  private combinedFiles: State | undefined;
  private pending: NodeJS.Immediate | undefined;
  private readonly reasons = new Set<string>();
  private fileCheck: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly files: StateSource,
    private readonly kc: KubeConfig,
    private readonly options: LiveStateOptions,
    private readonly logger: Logger,
    metrics: Metrics,
  ) {
    this.checker = new ObjectChecker((object, problems) => {
      this.logger.log('warn', 'cluster.object_rejected', {
        object,
        why: 'the loading checks refuse it, as the API server would have; left out',
        problems: problems.map((p) => ({ ruleId: p.ruleId, message: p.message })),
      });
    });
    this.namespaces = this.source(NAMESPACES);
    this.crds = this.source(CRDS);
    if (options.watchPolicies) {
      this.policies = this.source(POLICIES);
      this.bindings = this.source(BINDINGS);
    }
    metrics.collect(() => this.renderMetrics());
  }

  get current(): State | undefined {
    return this.state;
  }

  private source(kind: SourceKind): ResourceSource {
    return new ResourceSource(
      kind,
      this.kc,
      () => this.schedule(sourceName(kind)),
      (event, fields) => this.logger.log(WARNINGS.has(event) ? 'warn' : 'info', event, fields),
      this.options.backoff ?? DEFAULT_BACKOFF,
    );
  }

  private allSources(): ResourceSource[] {
    return [
      this.namespaces,
      this.crds,
      ...(this.policies ? [this.policies] : []),
      ...(this.bindings ? [this.bindings] : []),
      ...this.params.values(),
    ];
  }

  start(): void {
    for (const s of this.allSources()) s.start();
    this.fileCheck = setInterval(() => {
      if (this.files.current !== this.combinedFiles) this.schedule('state files');
    }, FILE_CHECK_MS);
    this.fileCheck.unref();
    this.schedule('startup');
  }

  close(): void {
    this.closed = true;
    if (this.fileCheck) clearInterval(this.fileCheck);
    if (this.pending) clearImmediate(this.pending);
    for (const s of this.allSources()) s.stop();
  }

  private schedule(reason: string): void {
    this.reasons.add(reason);
    if (this.pending || this.closed) return;
    this.pending = setImmediate(() => {
      this.pending = undefined;
      const why = [...this.reasons].join(', ');
      this.reasons.clear();
      this.rebuild(why);
    });
  }

  /** Starts the sources of param kinds newly referenced and stops those no longer needed. */
  private syncParamSources(wanted: Map<string, SourceKind>): void {
    for (const [key, kind] of wanted) {
      if (this.params.has(key)) continue;
      const s = this.source(kind);
      this.params.set(key, s);
      this.logger.log('info', 'cluster.source_added', { source: s.name, why: 'a binding with paramRef uses this paramKind' });
      s.start();
    }
    for (const [key, s] of this.params) {
      if (wanted.has(key)) continue;
      s.stop();
      this.params.delete(key);
      this.logger.log('info', 'cluster.source_removed', { source: s.name, why: 'no binding uses this paramKind any more' });
    }
  }

  private rebuild(reason: string): void {
    const files = this.files.current;
    if (!files) return;
    const started = performance.now();
    this.combinedFiles = files;
    const fromCluster = new Set([kindKey(NAMESPACES.apiVersion, NAMESPACES.kind), kindKey(CRDS.apiVersion, CRDS.kind)]);
    const problems: LoadProblem[] = [...files.problems];
    let policyObjects: JsonObject[];
    if (this.policies && this.bindings) {
      fromCluster.add(kindKey(POLICIES.apiVersion, POLICIES.kind)).add(kindKey(BINDINGS.apiVersion, BINDINGS.kind));
      const checked = this.checker.check([...this.policies.objects(), ...this.bindings.objects()]);
      problems.push(...checked.problems);
      policyObjects = checked.accepted;
    } else {
      policyObjects = [...files.policies.map((p) => p.object), ...files.bindings.map((b) => b.object)];
    }
    const wanted = paramKinds(policyObjects);
    this.syncParamSources(wanted);
    for (const key of wanted.keys()) fromCluster.add(key);

    // The API server has checked its CRDs when it stored them, as it has its namespaces.
    const clusterObjects: JsonObject[] = [...this.namespaces.objects(), ...this.crds.objects()];
    for (const s of this.params.values()) clusterObjects.push(...s.objects());
    // Until every source has completed its first list, there is no state to serve.
    if (this.state === undefined && !this.allSources().every((s) => s.status.synced)) return;
    const fileObjects = objectsOf(files).filter((o) => isObject(o) && !fromCluster.has(kindKey(o.apiVersion, o.kind)));
    const next = createState([...fileObjects, ...(this.policies ? policyObjects : []), ...clusterObjects], problems);
    this.state = next;
    this.generation += 1;
    const sources: Record<string, number> = {};
    for (const s of this.allSources()) sources[s.name] = s.status.objects;
    this.logger.log('info', 'state.generation', {
      generation: this.generation,
      reason,
      policies: next.policies.length,
      bindings: next.bindings.length,
      params: next.params.length,
      namespaces: next.namespaces.size,
      crds: next.crds.length,
      problems: next.problems.length,
      sources,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  }

  readiness(): Readiness {
    const reasons: string[] = [];
    const now = Date.now();
    if (!this.files.current) reasons.push('state files: not loaded yet');
    for (const s of this.allSources()) {
      const st = s.status;
      const error = st.lastError ? `; last error: ${st.lastError}` : '';
      if (!st.synced) {
        reasons.push(`${st.name}: waiting for the first list${error}`);
      } else if (st.downSince !== undefined && now - st.downSince > this.options.staleAfterMs) {
        const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
        reasons.push(
          `${st.name}: stale, no working list or watch for ${seconds(now - st.downSince)} (limit ${seconds(this.options.staleAfterMs)}); serving the objects listed at ${new Date(st.listedAt ?? 0).toISOString()}${error}`,
        );
      }
    }
    if (reasons.length === 0 && !this.state) reasons.push('state: not combined yet');
    return { ready: reasons.length === 0, reasons };
  }

  private renderMetrics(): string[] {
    const sources = this.allSources().map((s) => ({ label: metricLabels({ source: s.name }), status: s.status }));
    const family = (
      name: string,
      type: 'gauge' | 'counter',
      help: string,
      value: (st: ResourceSource['status']) => number | undefined,
    ) => {
      const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];
      for (const { label, status } of sources) {
        const v = value(status);
        if (v !== undefined) lines.push(`${name}${label} ${v}`);
      }
      return lines;
    };
    return [
      ...family(
        'platlint_cluster_last_list_timestamp_seconds',
        'gauge',
        'Time of the last completed list of each source (seconds since the epoch).',
        (st) => (st.listedAt === undefined ? undefined : st.listedAt / 1000),
      ),
      ...family(
        'platlint_cluster_watch_restarts_total',
        'counter',
        'Re-lists after a broken or expired watch, per source.',
        (st) => st.relists,
      ),
      ...family(
        'platlint_cluster_source_errors_total',
        'counter',
        'Failed discoveries, lists and watches, per source.',
        (st) => st.errors,
      ),
      ...family('platlint_cluster_objects', 'gauge', 'Objects each source holds.', (st) => st.objects),
      ...family('platlint_cluster_source_up', 'gauge', '1 while the source has a working list and watch, else 0.', (st) =>
        st.synced && st.downSince === undefined ? 1 : 0,
      ),
      '# HELP platlint_cluster_state_generation States combined from the files and the API so far.',
      '# TYPE platlint_cluster_state_generation gauge',
      `platlint_cluster_state_generation ${this.generation}`,
    ];
  }
}
