// One kind of object listed and watched through the platform's API, with the client
// library's informer. The kind is resolved to its resource through API discovery. What the
// source hands out is the content of its last completed list plus the watch events since:
// an informer started afresh (after a broken watch) is only read once its list is done, so
// the state never sees a half-filled cache; until then the previous objects keep serving.
import { KubernetesObjectApi, makeInformer, type Informer, type KubeConfig, type KubernetesObject, type ObjectCache } from '@kubernetes/client-node';
import { deepFreeze, type JsonObject } from '../json.js';

export interface SourceKind {
  apiVersion: string;
  kind: string;
}

export interface SourceStatus {
  /** `apiVersion/Kind`, the label of the source in logs, metrics and /readyz. */
  name: string;
  /** The resource discovery resolved the kind to, once known. */
  resource: string | undefined;
  namespaced: boolean | undefined;
  /** A list has completed at least once. */
  synced: boolean;
  /** Time (ms since the epoch) of the last completed list. */
  listedAt: number | undefined;
  /** Since when the source has had no working watch (undefined while it works). */
  downSince: number | undefined;
  lastError: string | undefined;
  /** Lists after the first one: every broken or expired watch ends in one. */
  relists: number;
  /** Failed lists and watches. */
  errors: number;
  objects: number;
}

/** Delay before restarting a failed list or watch: doubling from the first to the last. */
export interface Backoff {
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { firstMs: 200, maxMs: 10_000 };

/** A list not answered in this time counts as failed (and is retried), so a hung one is seen. */
const DEFAULT_LIST_TIMEOUT_MS = 60_000;

function withinTime<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} got no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function sourceName(kind: SourceKind): string {
  return `${kind.apiVersion}/${kind.kind}`;
}

/** One line about a failed request: the HTTP code and the server's own message when it sent a Status. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const e = error as Error & { code?: unknown; statusCode?: unknown; body?: unknown };
  const code = typeof e.statusCode === 'number' ? e.statusCode : typeof e.code === 'number' ? e.code : undefined;
  if (code === undefined) return e.message;
  let body = e.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      // Not a Status: the code alone says enough.
    }
  }
  const said = typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : e.message.split('\n')[0];
  return `HTTP ${code}: ${said}`;
}

type ListInformer = Informer<KubernetesObject> & ObjectCache<KubernetesObject>;

/** The client's generic API, with its discovery look-up (resource name and scope of a kind) opened up. */
class DiscoveringApi extends KubernetesObjectApi {
  discover(apiVersion: string, kind: string) {
    return this.resource(apiVersion, kind);
  }
}

export class ResourceSource {
  readonly name: string;
  private readonly api: DiscoveringApi;
  private informer: ListInformer | undefined;
  /** The informer's list has completed: its cache may be read. */
  private informerSynced = false;
  private published: readonly JsonObject[] = Object.freeze([]);
  // The client hands out objects it parsed; each is turned into plain frozen JSON once.
  private readonly plain = new WeakMap<object, JsonObject>();
  private restartTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private stopped = false;
  private lists = 0;
  readonly status: SourceStatus;

  constructor(
    readonly kind: SourceKind,
    private readonly kc: KubeConfig,
    /** Called when the objects may have changed; the caller batches the calls. */
    private readonly changed: () => void,
    private readonly onEvent: (event: string, fields: Record<string, unknown>) => void,
    private readonly backoff: Backoff = DEFAULT_BACKOFF,
    private readonly listTimeoutMs: number = DEFAULT_LIST_TIMEOUT_MS,
  ) {
    this.name = sourceName(kind);
    this.api = kc.makeApiClient(DiscoveringApi);
    this.status = { name: this.name, resource: undefined, namespaced: undefined, synced: false, listedAt: undefined, downSince: Date.now(), lastError: undefined, relists: 0, errors: 0, objects: 0 };
  }

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    void this.informer?.stop();
    this.informer = undefined;
  }

  /** The objects to serve: taken from the informer only when its list has completed. */
  objects(): readonly JsonObject[] {
    if (this.informer && this.informerSynced) {
      this.published = Object.freeze(this.informer.list().map((o) => this.toPlain(o)));
      this.status.objects = this.published.length;
    }
    return this.published;
  }

  private toPlain(object: KubernetesObject): JsonObject {
    let plain = this.plain.get(object);
    if (!plain) {
      // Items of a list carry no apiVersion and kind of their own; the source knows them.
      // The round trip through JSON turns the client's Date objects back into timestamps.
      const json = JSON.parse(JSON.stringify(object)) as JsonObject;
      plain = deepFreeze({ ...json, apiVersion: this.kind.apiVersion, kind: this.kind.kind });
      this.plain.set(object, plain);
    }
    return plain;
  }

  private async connect(): Promise<void> {
    let path: string;
    try {
      // Discovery: the kind's resource name and scope, as the API server serves them.
      const resource = await this.api.discover(this.kind.apiVersion, this.kind.kind);
      if (!resource) throw new Error(`the API does not serve kind ${this.kind.kind} in ${this.kind.apiVersion}`);
      this.status.resource = resource.name;
      this.status.namespaced = resource.namespaced;
      path = `${this.kind.apiVersion.includes('/') ? '/apis' : '/api'}/${this.kind.apiVersion}/${resource.name}`;
    } catch (error) {
      this.fail(error, 'discovery');
      return;
    }
    if (this.stopped) return;
    const listFn = async () => {
      const list = await withinTime(this.api.list(this.kind.apiVersion, this.kind.kind), this.listTimeoutMs, `the list of ${this.name}`);
      // A list of an informer already replaced says nothing about the current one.
      // (The informer calls this only once started, after `informer` below is set.)
      if (this.informer === informer) this.listed();
      return list;
    };
    const informer: ListInformer = makeInformer<KubernetesObject>(this.kc, path, listFn as () => Promise<{ metadata?: { resourceVersion?: string }; items: KubernetesObject[] }>);
    this.informer = informer;
    this.informerSynced = false;
    const onChange = () => {
      if (this.informer === informer) this.changed();
    };
    informer.on('add', onChange);
    informer.on('update', onChange);
    informer.on('delete', onChange);
    informer.on('error', (error: unknown) => {
      if (this.informer === informer) this.fail(error, 'list or watch');
    });
    informer.start().catch((error: unknown) => {
      if (this.informer === informer) this.fail(error, 'list or watch');
    });
  }

  // The list promise resolves before the informer applies its items; they are read on
  // the next turn of the event loop (the caller's batching), when they are all in.
  private listed(): void {
    this.lists += 1;
    if (this.lists > 1) this.status.relists += 1;
    this.informerSynced = true;
    this.failures = 0;
    this.status.synced = true;
    this.status.listedAt = Date.now();
    this.status.downSince = undefined;
    this.status.lastError = undefined;
    this.onEvent('cluster.listed', { source: this.name, resource: this.status.resource, relists: this.status.relists });
    this.changed();
  }

  private fail(error: unknown, stage: 'discovery' | 'list or watch'): void {
    if (this.stopped) return;
    const message = describeError(error);
    this.status.errors += 1;
    this.status.lastError = message;
    this.status.downSince ??= Date.now();
    void this.informer?.stop();
    // The old informer's objects stay published until a new list completes.
    this.informer = undefined;
    const delay = Math.min(this.backoff.maxMs, this.backoff.firstMs * 2 ** this.failures) * (0.8 + Math.random() * 0.4);
    this.failures += 1;
    this.onEvent('cluster.source_error', { source: this.name, stage, error: message, retry_ms: Math.round(delay) });
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (!this.stopped) void this.connect();
    }, delay);
    this.restartTimer.unref();
  }
}
