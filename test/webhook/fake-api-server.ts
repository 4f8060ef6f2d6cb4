// A small stand-in for the platform's API server, on loopback, for the cluster tests: the
// discovery documents clients read first (/api, /apis, /api/v1, /apis/<group>/<version>),
// list and get as JSON with resourceVersions, and watches as chunked streams of JSON
// events (from a resourceVersion, or starting with the current objects), with `410 Gone`
// for a resourceVersion older than the kept history. kubectl is pointed at it to show it
// speaks the real protocol. Lists honour `limit` and `continue` as a real server pages them.
// The test changes objects through methods, and can break watches, expire them, make the
// server unavailable, or have it answer the lists or watches of one resource its own way.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

export interface ResourceType {
  group: string;
  version: string;
  resource: string;
  kind: string;
  namespaced: boolean;
  shortNames?: string[];
}

const RESOURCE_TYPES: readonly ResourceType[] = [
  { group: '', version: 'v1', resource: 'namespaces', kind: 'Namespace', namespaced: false, shortNames: ['ns'] },
  { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', namespaced: true, shortNames: ['cm'] },
  // A cluster-scoped kind in a named group, used as a param kind.
  {
    group: 'scheduling.plat.io',
    version: 'v1',
    resource: 'priorityclasses',
    kind: 'PriorityClass',
    namespaced: false,
    shortNames: ['pc'],
  },
  {
    group: 'admissionregistration.plat.io',
    version: 'v1',
    resource: 'mutatingadmissionpolicies',
    kind: 'MutatingAdmissionPolicy',
    namespaced: false,
  },
  {
    group: 'admissionregistration.plat.io',
    version: 'v1',
    resource: 'mutatingadmissionpolicybindings',
    kind: 'MutatingAdmissionPolicyBinding',
    namespaced: false,
  },
  {
    group: 'apiextensions.plat.io',
    version: 'v1',
    resource: 'customresourcedefinitions',
    kind: 'CustomResourceDefinition',
    namespaced: false,
    shortNames: ['crd'],
  },
];

type Obj = Record<string, unknown> & { metadata: Record<string, unknown> };
type EventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** Answers a list or watch request in place of the server (a misbehaving server or proxy). */
export type Misbehaviour = (res: ServerResponse, url: URL) => void;

interface Watcher {
  type: ResourceType;
  namespace: string | undefined;
  res: ServerResponse;
}

export interface ServerOptions {
  /** Serve HTTPS with this certificate and key (plain HTTP otherwise). */
  tls?: { cert: string; key: string };
  /** Requests must carry `Authorization: Bearer <token>` (401 otherwise). */
  token?: string;
}

function apiVersionOf(t: ResourceType): string {
  return t.group ? `${t.group}/${t.version}` : t.version;
}

function status(code: number, reason: string, message: string): Record<string, unknown> {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
}

export class FakeApiServer {
  private server: Server | undefined;
  private revision = 1;
  private readonly store = new Map<ResourceType, Map<string, Obj>>(RESOURCE_TYPES.map((t) => [t, new Map()]));
  private history: { revision: number; type: ResourceType; event: EventType; object: Obj }[] = [];
  /** Watches from a resourceVersion below this one are told 410 Gone. */
  private oldestKept = 1;
  private readonly watchers = new Set<Watcher>();
  private unavailable = false;
  /** While set, changes are recorded but not sent: a watch lagging behind. */
  private held = false;
  /** While set, watch requests get no answer at all, not even headers. */
  private stalled = false;
  private listsStalled = false;
  private readonly misbehaviours = new Map<string, Misbehaviour>();
  /** Documents served at a path whatever the query (`serve`), such as /openapi/v3. */
  private readonly documents = new Map<string, Misbehaviour>();
  private readonly sorted = new Map<string, { revision: number; entries: { key: string; o: Obj }[] }>();
  /** Every request served, as `METHOD path?query`: the tests read how clients behaved. */
  readonly requests: string[] = [];
  url = '';

  constructor(private readonly options: ServerOptions = {}) {}

  async start(): Promise<string> {
    const handler = (req: IncomingMessage, res: ServerResponse) => this.handle(req, res);
    this.server = this.options.tls
      ? createHttpsServer({ cert: readFileSync(this.options.tls.cert), key: readFileSync(this.options.tls.key) }, handler)
      : createHttpServer(handler);
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const port = (this.server.address() as AddressInfo).port;
    this.url = `${this.options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.dropWatches();
    await new Promise<void>((resolve) => {
      if (!this.server) return resolve();
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** Creates or replaces an object (by kind, namespace and name) and tells the watches. */
  apply(object: Record<string, unknown>): Obj {
    const type = this.typeOf(object);
    const metadata = { ...(object.metadata as Record<string, unknown>) };
    const key = this.key(metadata);
    const old = this.store.get(type)?.get(key);
    this.revision += 1;
    const stored: Obj = {
      ...object,
      apiVersion: apiVersionOf(type),
      kind: type.kind,
      metadata: {
        ...metadata,
        uid: (old?.metadata.uid as string | undefined) ?? `uid-${this.revision}`,
        resourceVersion: String(this.revision),
        creationTimestamp:
          (old?.metadata.creationTimestamp as string | undefined) ?? new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      },
    };
    this.store.get(type)?.set(key, stored);
    this.record(type, old ? 'MODIFIED' : 'ADDED', stored);
    return stored;
  }

  delete(kind: string, name: string, namespace?: string): void {
    const type = this.typeOf({ kind });
    const key = this.key({ name, namespace });
    const old = this.store.get(type)?.get(key);
    if (!old) throw new Error(`no ${kind} ${key} to delete`);
    this.store.get(type)?.delete(key);
    this.revision += 1;
    this.record(type, 'DELETED', { ...old, metadata: { ...old.metadata, resourceVersion: String(this.revision) } });
  }

  /** Forgets the event history: watches resuming from an older resourceVersion get 410 Gone. */
  compact(): void {
    this.history = [];
    this.oldestKept = this.revision + 1;
  }

  /** Cuts every open watch connection, as a network failure or a restarting API server would. */
  dropWatches(): void {
    for (const w of this.watchers) w.res.socket?.destroy();
    this.watchers.clear();
  }

  /** New watch requests hang unanswered (a server that accepted the connection and froze). */
  stallWatches(): void {
    this.stalled = true;
  }

  /** While set, list requests hang unanswered. */
  stallLists(stall: boolean): void {
    this.listsStalled = stall;
  }

  /** Open watches stop receiving events until expireWatches(). */
  holdWatches(): void {
    this.held = true;
  }

  /** Ends every open watch with the ERROR event a server sends when the watch's history is gone. */
  expireWatches(): void {
    this.held = false;
    this.compact();
    for (const w of this.watchers) {
      w.res.end(`${JSON.stringify({ type: 'ERROR', object: status(410, 'Expired', 'too old resource version') })}\n`);
    }
    this.watchers.clear();
  }

  /** While set, every request is answered 503 and open watches are cut. */
  setUnavailable(unavailable: boolean): void {
    this.unavailable = unavailable;
    if (unavailable) this.dropWatches();
  }

  /** The resourceVersion of the latest change, for lists a test answers itself. */
  get resourceVersion(): string {
    return String(this.revision);
  }

  /** From now on, `answer` answers the lists (or watches) of `resource`; undefined restores the server's own answers. */
  misbehave(request: 'list' | 'watch', resource: string, answer: Misbehaviour | undefined): void {
    if (answer) this.misbehaviours.set(`${request} ${resource}`, answer);
    else this.misbehaviours.delete(`${request} ${resource}`);
  }

  /** From now on, GET `path` (any query) is answered by `answer`, or with `answer` as JSON when it is a value. */
  serve(path: string, answer: Misbehaviour | unknown): void {
    this.documents.set(path, typeof answer === 'function' ? (answer as Misbehaviour) : (res) => this.json(res, 200, answer));
  }

  private typeOf(object: Record<string, unknown>): ResourceType {
    const type = RESOURCE_TYPES.find((t) => t.kind === object.kind);
    if (!type) throw new Error(`the fake API server does not serve kind ${String(object.kind)}`);
    return type;
  }

  private key(metadata: Record<string, unknown>): string {
    return `${typeof metadata.namespace === 'string' ? metadata.namespace : ''}/${String(metadata.name)}`;
  }

  private record(type: ResourceType, event: EventType, object: Obj): void {
    this.history.push({ revision: this.revision, type, event, object });
    if (this.held) return;
    for (const w of this.watchers) {
      if (w.type === type && (w.namespace === undefined || object.metadata.namespace === w.namespace))
        this.sendEvent(w.res, event, object);
    }
  }

  private sendEvent(res: ServerResponse, type: string, object: unknown): void {
    res.write(`${JSON.stringify({ type, object })}\n`);
  }

  private json(res: ServerResponse, code: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(code, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    this.requests.push(`${req.method ?? '?'} ${url.pathname}${url.search}`);
    if (this.options.token !== undefined && req.headers.authorization !== `Bearer ${this.options.token}`)
      return this.json(res, 401, status(401, 'Unauthorized', 'Unauthorized'));
    if (this.unavailable)
      return this.json(res, 503, status(503, 'ServiceUnavailable', 'the server is currently unable to handle the request'));
    if (req.method !== 'GET')
      return this.json(res, 405, status(405, 'MethodNotAllowed', `${req.method ?? '?'} is not supported by this test server`));
    const path = url.pathname.replace(/\/+$/, '');
    const document = this.documents.get(path);
    if (document) return document(res, url);
    if (path === '/api')
      return this.json(res, 200, {
        kind: 'APIVersions',
        versions: ['v1'],
        serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: new URL(this.url).host }],
      });
    if (path === '/apis') return this.json(res, 200, { kind: 'APIGroupList', apiVersion: 'v1', groups: this.groups() });
    if (path === '/version')
      return this.json(res, 200, { major: '1', minor: '32', gitVersion: 'v1.32.0-fake', platform: 'linux/amd64' });
    const m = /^\/(?:api\/(v1)|apis\/([^/]+)\/([^/]+))(?:\/namespaces\/([^/]+))?(?:\/([^/]+)(?:\/([^/]+))?)?$/.exec(path);
    if (!m) return this.json(res, 404, status(404, 'NotFound', 'the server could not find the requested resource'));
    const group = m[2] ?? '';
    const version = m[1] ?? m[3] ?? '';
    let namespace = m[4];
    let resource = m[5];
    let name = m[6];
    // `/api/v1/namespaces/NAME` names a namespace, not a namespace scope.
    if (namespace !== undefined && resource === undefined) {
      resource = 'namespaces';
      name = namespace;
      namespace = undefined;
    }
    const inGroup = RESOURCE_TYPES.filter((t) => t.group === group && t.version === version);
    if (inGroup.length === 0)
      return this.json(res, 404, status(404, 'NotFound', 'the server could not find the requested resource'));
    if (resource === undefined) {
      return this.json(res, 200, {
        kind: 'APIResourceList',
        apiVersion: 'v1',
        groupVersion: group ? `${group}/${version}` : version,
        resources: inGroup.map((t) => ({
          name: t.resource,
          singularName: t.kind.toLowerCase(),
          namespaced: t.namespaced,
          kind: t.kind,
          verbs: ['get', 'list', 'watch'],
          ...(t.shortNames ? { shortNames: t.shortNames } : {}),
        })),
      });
    }
    const type = inGroup.find((t) => t.resource === resource);
    if (!type || (namespace !== undefined && !type.namespaced))
      return this.json(res, 404, status(404, 'NotFound', 'the server could not find the requested resource'));
    const objects = [...(this.store.get(type)?.values() ?? [])].filter(
      (o) => namespace === undefined || o.metadata.namespace === namespace,
    );
    if (name !== undefined) {
      const found = objects.find((o) => o.metadata.name === name);
      return found
        ? this.json(res, 200, found)
        : this.json(res, 404, status(404, 'NotFound', `${type.resource} "${name}" not found`));
    }
    const watch = url.searchParams.get('watch');
    const isWatch = watch === 'true' || watch === '1';
    const misbehaviour = this.misbehaviours.get(`${isWatch ? 'watch' : 'list'} ${type.resource}`);
    if (misbehaviour) return misbehaviour(res, url);
    if (isWatch) return this.watch(type, namespace, url.searchParams.get('resourceVersion'), objects, res);
    if (this.listsStalled) return;
    const page = this.page(`${type.resource}/${namespace ?? ''}`, objects, url.searchParams);
    // List items carry no apiVersion and kind of their own, as from a real server.
    const items = page.objects.map(({ apiVersion: _a, kind: _k, ...rest }) => rest);
    return this.json(res, 200, {
      kind: `${type.kind}List`,
      apiVersion: apiVersionOf(type),
      metadata: { resourceVersion: String(this.revision), ...(page.continueToken ? { continue: page.continueToken } : {}) },
      items,
    });
  }

  /**
   * The objects of one page of a list: `limit` of them (all without one), after the key the
   * `continue` token names, in key order as a real server keeps them. The token is opaque to
   * clients; here it is the last key served.
   */
  private page(
    collection: string,
    objects: Obj[],
    params: URLSearchParams,
  ): { objects: Obj[]; continueToken: string | undefined } {
    const limit = Number(params.get('limit') ?? 0);
    if (!Number.isInteger(limit) || limit <= 0) return { objects, continueToken: undefined };
    const after = params.get('continue') ? Buffer.from(params.get('continue') ?? '', 'base64url').toString() : undefined;
    // Sorted once per collection and revision: a large list is asked for page after page.
    let sorted = this.sorted.get(collection)?.revision === this.revision ? this.sorted.get(collection)?.entries : undefined;
    if (!sorted) {
      sorted = objects
        .map((o) => ({ key: this.key(o.metadata), o }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      this.sorted.set(collection, { revision: this.revision, entries: sorted });
    }
    const rest = after === undefined ? sorted : sorted.filter((e) => e.key > after);
    const taken = rest.slice(0, limit);
    const last = taken[taken.length - 1];
    return {
      objects: taken.map((e) => e.o),
      continueToken: rest.length > limit && last ? Buffer.from(last.key).toString('base64url') : undefined,
    };
  }

  private groups(): unknown[] {
    const names = [...new Set(RESOURCE_TYPES.filter((t) => t.group !== '').map((t) => t.group))];
    return names.map((name) => {
      const versions = [...new Set(RESOURCE_TYPES.filter((t) => t.group === name).map((t) => t.version))].map((v) => ({
        groupVersion: `${name}/${v}`,
        version: v,
      }));
      return { name, versions, preferredVersion: versions[0] };
    });
  }

  private watch(
    type: ResourceType,
    namespace: string | undefined,
    from: string | null,
    current: Obj[],
    res: ServerResponse,
  ): void {
    if (this.stalled) return;
    res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
    // A real server answers a watch at once; clients see the stream open before any event.
    res.flushHeaders();
    if (from === null || from === '' || from === '0') {
      // No starting point: the current objects first, as ADDED events.
      for (const o of current) this.sendEvent(res, 'ADDED', o);
    } else {
      const since = Number(from);
      if (!Number.isInteger(since) || since < this.oldestKept - 1) {
        res.end(
          `${JSON.stringify({ type: 'ERROR', object: status(410, 'Expired', `too old resource version: ${from} (${this.oldestKept - 1})`) })}\n`,
        );
        return;
      }
      for (const h of this.history) {
        if (h.revision > since && h.type === type && (namespace === undefined || h.object.metadata.namespace === namespace))
          this.sendEvent(res, h.event, h.object);
      }
    }
    const watcher: Watcher = { type, namespace, res };
    this.watchers.add(watcher);
    res.on('close', () => this.watchers.delete(watcher));
  }
}
