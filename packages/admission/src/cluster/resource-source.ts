// One kind of object listed and watched through the platform's API, as client-go's
// reflector does it (tools/cache/reflector.go, ListAndWatch): the kind is resolved to its
// resource through discovery, listed in pages, then watched from the list's resourceVersion;
// a watch that ends is resumed from the last resourceVersion seen, one that expired (410)
// leads to a new list, and any failure to a new list after a growing delay. What the
// source hands out is the content of its last completed list plus the watch events since:
// a new list replaces the objects only once all its pages are in, so the state never sees
// a half-read list; until then the previous objects keep serving.
//
// Everything read is bounded (a list page, a watch line) and checked: a body that is not a
// list fails the list, an item that is not an object with a name is left out with a warning.
import type { IncomingMessage } from 'node:http';
import type { KubeConfig } from '@kubernetes/client-node';
import { deepFreeze, isObject, type JsonObject } from '../json.js';
import { ApiClient, ApiError } from './api-client.js';
import { apiObjectProblem, describeItem, objectKey } from './api-objects.js';
import { DEFAULT_BACKOFF, RetryDelay, type Backoff } from './backoff.js';
import { listAll, PAGE_SIZE } from './list-pager.js';
import { LineSplitter, LineTooLong } from './watch-lines.js';

export { DEFAULT_BACKOFF, type Backoff } from './backoff.js';

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
  /** Failed discoveries, lists and watches. */
  errors: number;
  objects: number;
}

/** Ceilings of what one source reads. */
export interface SourceLimits {
  /** Objects asked per list page. */
  pageSize: number;
  /** The largest list page body read (a page of 500 objects of 64 KiB each). */
  maxPageBytes: number;
  /** The longest watch event line read: an object is at most a few MiB (etcd's request limit is 1.5 MiB). */
  maxWatchLineBytes: number;
}

export const DEFAULT_LIMITS: SourceLimits = {
  pageSize: PAGE_SIZE,
  maxPageBytes: 32 * 1024 * 1024,
  maxWatchLineBytes: 8 * 1024 * 1024,
};

/** A list page or discovery not answered in this time counts as failed (and is retried), so a hung one is seen. */
const DEFAULT_LIST_TIMEOUT_MS = 60_000;

/** Discovery gets the default time whatever a list gets: it is one small document, asked once. */
const DISCOVERY_TIMEOUT_MS = DEFAULT_LIST_TIMEOUT_MS;

/** Discovery documents are small; this is only a ceiling. */
const MAX_DISCOVERY_BYTES = 4 * 1024 * 1024;

/**
 * The server ends a watch after `timeoutSeconds`, random between 5 and 10 minutes so that
 * watches do not all restart together (reflector.go, minWatchTimeout). A watch still open
 * this long after that is taken as hung.
 */
const MIN_WATCH_TIMEOUT_S = 300;
const WATCH_GRACE_MS = 30_000;

/** A watch that ends within this time without any event counts as a failure (reflector.go, watchHandler's "very short watch"). */
const SHORT_WATCH_MS = 1000;

/** Skipped items of one list named in its warning; the rest are counted. */
const SKIPPED_NAMED = 10;

export function sourceName(kind: SourceKind): string {
  return `${kind.apiVersion}/${kind.kind}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

type Stage = 'discovery' | 'list' | 'watch';

export class ResourceSource {
  readonly name: string;
  private readonly client: ApiClient;
  private readonly retry: RetryDelay;
  private readonly limits: SourceLimits;
  /** The objects of the last completed list and the watch events since, by `namespace/name`. */
  private store = new Map<string, JsonObject>();
  /** `store` as handed out, until it changes. */
  private published: readonly JsonObject[] | undefined = Object.freeze([]);
  /** The path of the resource's collection, once discovery found it. */
  private path: string | undefined;
  /** Aborts the requests of the current list-and-watch run. */
  private run: AbortController | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private lists = 0;
  readonly status: SourceStatus;

  constructor(
    readonly kind: SourceKind,
    kc: KubeConfig,
    /** Called when the objects may have changed; the caller batches the calls. */
    private readonly changed: () => void,
    private readonly onEvent: (event: string, fields: Record<string, unknown>) => void,
    backoff: Backoff = DEFAULT_BACKOFF,
    private readonly listTimeoutMs: number = DEFAULT_LIST_TIMEOUT_MS,
    limits: Partial<SourceLimits> = {},
  ) {
    this.name = sourceName(kind);
    this.client = new ApiClient(kc);
    this.retry = new RetryDelay(backoff);
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.status = {
      name: this.name,
      resource: undefined,
      namespaced: undefined,
      synced: false,
      listedAt: undefined,
      downSince: Date.now(),
      lastError: undefined,
      relists: 0,
      errors: 0,
      objects: 0,
    };
  }

  start(): void {
    this.stopped = false;
    void this.listAndWatch();
  }

  stop(): void {
    this.stopped = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.run?.abort();
    this.run = undefined;
  }

  /** The objects to serve. */
  objects(): readonly JsonObject[] {
    if (!this.published) {
      this.published = Object.freeze([...this.store.values()]);
      this.status.objects = this.published.length;
    }
    return this.published;
  }

  private update(): void {
    this.published = undefined;
    this.changed();
  }

  private async listAndWatch(): Promise<void> {
    const run = new AbortController();
    this.run = run;
    let stage: Stage = 'discovery';
    try {
      const path = this.path ?? (await this.discover(run.signal));
      stage = 'list';
      let resourceVersion = await this.list(path, run.signal);
      stage = 'watch';
      for (;;) {
        const ended = await this.watch(path, resourceVersion, run.signal);
        if (ended.expired) {
          // The history the watch needed is gone: a new list, after the usual delay
          // (client-go's reflector waits its backoff between every list-and-watch too).
          this.onEvent('cluster.watch_expired', {
            source: this.name,
            why: 'the API no longer holds the changes since the last list; listing again',
          });
          this.restart(this.retry.next());
          return;
        }
        resourceVersion = ended.resourceVersion;
      }
    } catch (error) {
      if (run.signal.aborted) return;
      this.fail(error, stage);
    }
  }

  /** The collection's path, from the API's discovery document of the kind's group version. */
  private async discover(signal: AbortSignal): Promise<string> {
    const base = this.kind.apiVersion.includes('/') ? `/apis/${this.kind.apiVersion}` : `/api/${this.kind.apiVersion}`;
    const what = `the discovery of ${this.kind.apiVersion}`;
    const body = await this.client.getJson(base, {}, MAX_DISCOVERY_BYTES, { what, timeoutMs: DISCOVERY_TIMEOUT_MS, signal });
    if (!isObject(body) || !Array.isArray(body.resources))
      throw new ApiError(`${what} is not an APIResourceList: it has no resources array`);
    // Subresources (`namespaces/status`) share the kind; the collection is the one without a slash.
    const resource = body.resources.find(
      (r) => isObject(r) && r.kind === this.kind.kind && typeof r.name === 'string' && !r.name.includes('/'),
    );
    if (!isObject(resource)) throw new ApiError(`the API does not serve kind ${this.kind.kind} in ${this.kind.apiVersion}`);
    this.status.resource = String(resource.name);
    this.status.namespaced = resource.namespaced === true;
    this.path = `${base}/${String(resource.name)}`;
    return this.path;
  }

  /** A complete list replaces the objects; returns its resourceVersion. */
  private async list(path: string, signal: AbortSignal): Promise<string> {
    const listed = await listAll(
      this.client,
      path,
      { ...this.limits, timeoutMs: this.listTimeoutMs },
      `the list of ${this.name}`,
      signal,
    );
    const next = new Map<string, JsonObject>();
    const skipped: string[] = [];
    for (const [index, item] of listed.items.entries()) {
      const problem =
        apiObjectProblem(item, this.status.namespaced) ??
        (next.has(objectKey(item as JsonObject)) ? 'a second object of the same name' : undefined);
      if (problem) skipped.push(`item ${index} (${describeItem(item)}): ${problem}`);
      else next.set(objectKey(item as JsonObject), this.keep(item as JsonObject));
    }
    if (skipped.length > 0) {
      this.onEvent('cluster.items_skipped', {
        source: this.name,
        skipped: skipped.length,
        of: listed.items.length,
        why: 'not an object the API server would store; left out',
        items: skipped.slice(0, SKIPPED_NAMED),
      });
    }
    this.store = next;
    this.listed(listed.pages);
    this.update();
    return listed.resourceVersion;
  }

  /**
   * The plain frozen object to keep for an item. Items of a list carry no apiVersion and
   * kind of their own; the source knows them. An object unchanged since the last list (same
   * resourceVersion) is the same object as before, so what was derived from it still holds.
   */
  private keep(item: JsonObject): JsonObject {
    const object: JsonObject = { ...item, apiVersion: this.kind.apiVersion, kind: this.kind.kind };
    const old = this.store.get(objectKey(object));
    const version = (object.metadata as JsonObject).resourceVersion;
    if (old && typeof version === 'string' && version !== '' && (old.metadata as JsonObject).resourceVersion === version)
      return old;
    return deepFreeze(object);
  }

  /** Follows one watch until it ends; returns the resourceVersion to resume from, or that it expired. */
  private async watch(
    path: string,
    from: string,
    runSignal: AbortSignal,
  ): Promise<{ resourceVersion: string; expired: boolean }> {
    const timeoutSeconds = Math.floor(MIN_WATCH_TIMEOUT_S * (1 + Math.random()));
    const what = `the watch of ${this.name}`;
    const hung = new AbortController();
    const timer = setTimeout(() => hung.abort(), timeoutSeconds * 1000 + WATCH_GRACE_MS);
    timer.unref();
    const started = Date.now();
    let resourceVersion = from;
    let events = 0;
    try {
      const res: IncomingMessage = await this.client.open(
        path,
        { watch: '1', resourceVersion: from, allowWatchBookmarks: 'true', timeoutSeconds: String(timeoutSeconds) },
        { what, signal: AbortSignal.any([runSignal, hung.signal]) },
      );
      const lines = new LineSplitter(this.limits.maxWatchLineBytes);
      try {
        for await (const chunk of res) {
          for (const line of lines.push(chunk as Buffer)) {
            if (line.trim() === '') continue;
            events += 1;
            const outcome = this.applyEvent(line, what);
            if (outcome === 'expired') return { resourceVersion, expired: true };
            if (outcome !== undefined) resourceVersion = outcome;
          }
        }
      } finally {
        res.destroy();
      }
    } catch (error) {
      if (hung.signal.aborted && !runSignal.aborted)
        throw new ApiError(
          `${what} was still open ${WATCH_GRACE_MS / 1000} s after the ${timeoutSeconds} s the server was asked to end it in`,
        );
      if (runSignal.aborted || error instanceof ApiError) throw error;
      if (error instanceof LineTooLong) throw new ApiError(`${what} sent ${error.message}; it is not read further`);
      throw new ApiError(`${what} was cut off: ${messageOf(error)}`);
    } finally {
      clearTimeout(timer);
    }
    if (events === 0 && Date.now() - started < SHORT_WATCH_MS) throw new ApiError(`${what} ended at once without any event`);
    return { resourceVersion, expired: false };
  }

  /** Applies one watch event line; returns the resourceVersion it brings, or 'expired'. */
  private applyEvent(line: string, what: string): string | 'expired' | undefined {
    let event: unknown;
    try {
      event = JSON.parse(line);
    } catch (error) {
      // The stream is no longer understood: it is given up, as client-go gives up a watch it cannot decode.
      throw new ApiError(`${what} sent a line that is not JSON (${messageOf(error)})`);
    }
    if (!isObject(event) || typeof event.type !== 'string')
      throw new ApiError(`${what} sent a line that is not a watch event (no type)`);
    const object = event.object;
    if (event.type === 'ERROR') {
      const status = isObject(object) ? object : {};
      if (status.code === 410) return 'expired';
      throw new ApiError(
        `${what} ended with an error: HTTP ${String(status.code ?? '?')}: ${typeof status.message === 'string' ? status.message : 'no message'}`,
        typeof status.code === 'number' ? status.code : undefined,
      );
    }
    if (event.type === 'BOOKMARK') {
      const version = isObject(object) && isObject(object.metadata) ? object.metadata.resourceVersion : undefined;
      return typeof version === 'string' && version !== '' ? version : undefined;
    }
    if (event.type !== 'ADDED' && event.type !== 'MODIFIED' && event.type !== 'DELETED') {
      this.onEvent('cluster.event_skipped', {
        source: this.name,
        type: event.type.slice(0, 40),
        why: 'not a type of watch event; left out',
      });
      return undefined;
    }
    const problem = apiObjectProblem(object, this.status.namespaced);
    if (problem) {
      this.onEvent('cluster.event_skipped', {
        source: this.name,
        type: event.type,
        object: describeItem(object),
        why: `${problem}; left out`,
      });
      return undefined;
    }
    const kept = this.keep(object as JsonObject);
    if (event.type === 'DELETED') this.store.delete(objectKey(kept));
    else this.store.set(objectKey(kept), kept);
    this.update();
    const version = (kept.metadata as JsonObject).resourceVersion;
    return typeof version === 'string' && version !== '' ? version : undefined;
  }

  private listed(pages: number): void {
    this.lists += 1;
    if (this.lists > 1) this.status.relists += 1;
    this.status.synced = true;
    this.status.listedAt = Date.now();
    this.status.downSince = undefined;
    this.status.lastError = undefined;
    this.onEvent('cluster.listed', { source: this.name, resource: this.status.resource, relists: this.status.relists, pages });
  }

  private fail(error: unknown, stage: Stage): void {
    if (this.stopped) return;
    const message = messageOf(error);
    this.status.errors += 1;
    this.status.lastError = message;
    this.status.downSince ??= Date.now();
    // A collection the API no longer serves at that path is looked up again.
    if (error instanceof ApiError && error.code === 404) this.path = undefined;
    const delay = this.retry.next();
    this.onEvent('cluster.source_error', { source: this.name, stage, error: message, retry_ms: Math.round(delay) });
    this.restart(delay);
  }

  /** A new list and watch after `delay` ms; the objects listed last keep serving meanwhile. */
  private restart(delay: number): void {
    this.run?.abort();
    this.run = undefined;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (!this.stopped) void this.listAndWatch();
    }, delay);
    this.restartTimer.unref();
  }
}
