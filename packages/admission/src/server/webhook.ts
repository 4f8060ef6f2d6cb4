// The admission webhook as a library: an HTTPS (or, when asked, plain HTTP) server with
// /mutate (the policies of the state), /validate (the linter's rules), /healthz, /readyz
// and /metrics. `platlint serve` is a thin command around `startWebhook`.
import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import type { Config } from '@platlint/core';
import { defaultConnectionCap, surviveServerErrors, trackHandshakes } from './connections.js';
import type { ClusterOptions, StateViewFactory } from '../cluster/index.js';
import type { StateView } from '../cluster/live-state.js';
import type { State } from '../state/state.js';
import { readBody } from './body.js';
import { silentLogger, type Logger } from './log.js';
import { reportEventLoopDelay } from './loop-delay.js';
import { Metrics } from './metrics.js';
import { reviewResponseBody } from './review.js';
import { AdmissionPool } from './admission-pool.js';
import { decideRequest, type AdmissionPath, type Decision } from './decision.js';
import { DecisionRouter } from './decision-router.js';
import type { StateFile } from './state-files.js';
import { describeProblem, StateSource } from './state-source.js';
import { readTlsFiles, TlsSource, type TlsFiles } from './tls-source.js';

/**
 * The largest AdmissionReview the API server can send us, and so our body limit: every review
 * must be decided, never answered 413, since deploy/webhooks.yaml registers both paths with
 * failurePolicy Fail (a 413 would refuse a write the linter might accept) and Ignore would
 * admit whatever makes us fail (a 413 admitted objects /validate denies).
 *
 * - The largest object the server stores is etcd's request limit, 1.5 MiB: k8s.io/apiserver
 *   pkg/server/config.go (NewConfig) sizes MaxRequestBodyBytes, 3 MiB, as twice that figure,
 *   because a JSON body shrinks when converted for storage.
 * - A review carries up to two of them: `object`, and `oldObject` on UPDATE.
 * - The server writes the review with Go's encoding/json, which escapes `<`, `>` and `&` (and
 *   control characters) as `\u003c` and the like: one byte of the object becomes up to six.
 * - The rest of the review (uid, kinds, resource, userInfo, options) is small; 1 MiB covers it.
 *
 * 2 objects × 1.5 MiB × 6 + 1 MiB = 18 MiB + 1 MiB = 19 MiB (19,922,944 bytes).
 *
 * A longer body needs an object over etcd's limit, which the server does not store anyway, so
 * refusing it changes no outcome. Bodies this large are parsed and linted on a worker thread
 * (decision-router.ts: /validate always, /mutate past 64 KiB), never on the event loop.
 */
const LARGEST_STORED_OBJECT_BYTES = 1.5 * 1024 * 1024;
const OBJECTS_PER_REVIEW = 2;
const WORST_JSON_ESCAPE_GROWTH = 6;
const REVIEW_ENVELOPE_BYTES = 1024 * 1024;
export const MAX_BODY_BYTES = OBJECTS_PER_REVIEW * LARGEST_STORED_OBJECT_BYTES * WORST_JSON_ESCAPE_GROWTH + REVIEW_ENVELOPE_BYTES;

/** How long a connection closing after an early answer may keep sending before it is cut. */
const LINGER_MS = 2000;

export interface WebhookOptions {
  /** Files and directories of the state (policies, bindings, params, namespaces, CRDs). */
  state: readonly string[];
  /** Certificate and key files; required unless `insecure`. */
  tls?: TlsFiles;
  /** Plain HTTP, for local use only. */
  insecure?: boolean;
  /** 8443 by default; 0 picks a free port. */
  port?: number;
  /** Loopback by default: listening more widely is a decision to make explicitly. */
  address?: string;
  logger?: Logger;
  /** Time budget of one admission decision (the engine's timeoutMs). */
  evaluationTimeoutMs?: number;
  /** Cost budget per expression (the engine's costLimit); the cel package's default otherwise. */
  costLimit?: number;
  /** A client must send its headers within this time (slow-loris defence). */
  headersTimeoutMs?: number;
  /** ... and the whole request within this time. */
  requestTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
  maxBodyBytes?: number;
  /** Reload timing for the state and certificate files (`settleMs`: the state's files must stay unchanged this long before a reload reads them); `false` turns watching off. */
  watch?: { debounceMs?: number; pollMs?: number; settleMs?: number } | false;
  /** How long close() lets in-flight requests run before cutting connections. */
  shutdownGraceMs?: number;
  /** Open connections at most; further ones are closed at once. Below the file limit by default. */
  maxConnections?: number;
  /**
   * Admission work that could hold the event loop on worker threads, so probes and other
   * requests are answered while a request makes the engine work hard (small, cheap requests
   * are still decided on the main thread: decision-router.ts). Without it all work runs there.
   */
  workers?: { entry: URL; count?: number; maxHeapMb?: number };
  /** Namespaces, params (and policies) listed and watched through the platform's API; see startWebhook. */
  cluster?: ClusterOptions;
  /** The configuration /validate lints with (rule severities, feature gates, release), as `lint` would; the defaults otherwise. */
  validateConfig?: Config;
}

export interface WebhookServer {
  readonly server: HttpServer | HttpsServer;
  readonly metrics: Metrics;
  readonly state: StateSource;
  /** Resolves once the first state load has been attempted. */
  readonly ready: Promise<void>;
  /** Binds the port; resolves with the address and the base URL. */
  listen(): Promise<{ address: string; port: number; url: string }>;
  /** Stops accepting, lets in-flight requests finish, closes watchers. */
  close(): Promise<void>;
}

const ROUTES = new Set(['/mutate', '/validate', '/healthz', '/readyz', '/metrics']);
const ALLOWED: Record<string, readonly string[]> = {
  '/mutate': ['POST'],
  '/validate': ['POST'],
  '/healthz': ['GET', 'HEAD'],
  '/readyz': ['GET', 'HEAD'],
  '/metrics': ['GET', 'HEAD'],
};

function send(res: ServerResponse, code: number, contentType: string, body: string, headers?: Record<string, string>): void {
  res.writeHead(code, headers ? { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body), ...headers } : { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** Errors travel as a metav1.Status, which the API server and kubectl-like clients print. */
function sendStatus(res: ServerResponse, code: number, message: string, headers?: Record<string, string>): void {
  const body = JSON.stringify({ apiVersion: 'v1', kind: 'Status', status: 'Failure', code, message });
  send(res, code, 'application/json', body, headers);
}

/** Sockets closing after an early answer; their remaining input is read and dropped. */
const lingering = new WeakSet<Socket>();

/**
 * An answer sent before the body was read (413, 415) must reach the client before the
 * connection goes: closing a socket with unread input makes the kernel send a reset, which
 * can discard the answer on its way. Node closes such a socket with destroySoon(); for this
 * one socket, that becomes a half-close, input drained and dropped for a bounded time.
 */
function lingerOnClose(socket: Socket, ms: number): void {
  lingering.add(socket);
  const s = socket as Socket & { destroySoon?: () => void };
  s.destroySoon = () => {
    socket.end();
    socket.on('data', () => undefined);
    socket.resume();
    socket.once('end', () => socket.destroy());
    setTimeout(() => socket.destroy(), ms).unref();
  };
}

/** /readyz: ready with a state; a refused reload is named, as the old state still serves. */
function readyDetails(state: StateSource): string {
  const refused = state.refused;
  if (!refused) return `ok\nstate: generation ${state.generation}\n`;
  const first = refused.problems[0];
  return `ok\nstate: generation ${refused.kept} serving; reload attempt ${refused.attempt} refused with ${refused.problems.length} finding(s)${first ? `, first: ${describeProblem(first)}` : ''}\n`;
}

function isJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  // What the API server sends: no parameters to strip, no case to fold.
  if (contentType === 'application/json') return true;
  const media = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return media === 'application/json';
}

/** One thread for probes and I/O; the others (at least one, at most four) for admission work. */
function defaultWorkerCount(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/** `connectCluster` is the prepared connection for `options.cluster` (startWebhook loads it). */
export function createWebhookServer(options: WebhookOptions, connectCluster?: StateViewFactory): WebhookServer {
  if (options.cluster && !connectCluster) throw new Error('a webhook with cluster options is started with startWebhook, which loads the cluster connection');
  const logger = options.logger ?? silentLogger;
  const metrics = new Metrics();
  const stopLoopDelay = reportEventLoopDelay(metrics);
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  const requestTimeout = Math.max(options.requestTimeoutMs ?? 30_000, headersTimeout);
  const watchTiming = options.watch === false ? undefined : { debounceMs: options.watch?.debounceMs ?? 200, pollMs: options.watch?.pollMs ?? 2000 };
  const settleMs = options.watch === false ? undefined : options.watch?.settleMs;
  const admitOptions = { timeoutMs: options.evaluationTimeoutMs ?? 2000, ...(options.costLimit !== undefined ? { costLimit: options.costLimit } : {}) };
  const settings = { admitOptions, validateConfig: options.validateConfig };
  // Cluster state is built on this thread from the API's watches, so with a cluster /mutate
  // is decided here; the workers then get no state and take /validate, which needs none.
  const pool = options.workers
    ? new AdmissionPool(
        {
          entry: options.workers.entry,
          workers: options.workers.count ?? defaultWorkerCount(),
          maxHeapMb: options.workers.maxHeapMb ?? 512,
          ...settings,
          // Past the deadline the engine stops by itself; this catches work that cannot see the clock.
          hardLimitMs: 2 * admitOptions.timeoutMs + 5000,
        },
        logger,
      )
    : undefined;
  const router = pool && !connectCluster ? new DecisionRouter(settings) : undefined;
  const state = new StateSource(options.state, logger, metrics, { ...(watchTiming ?? {}), ...(settleMs !== undefined ? { settleMs } : {}), ...(pool && !connectCluster ? { onAccepted: (generation: number, files: StateFile[]) => pool.publish(generation, files) } : {}) });
  // With a cluster, requests read the state combined from the files and the API.
  let live: StateView | undefined;
  const snapshot = (): State | undefined => (connectCluster ? live?.current : state.current);
  const generation = (): number => (connectCluster ? (live?.generation ?? 0) : state.generation);
  let closing = false;
  let tlsSource: TlsSource | undefined;

  const serverOptions = {
    headersTimeout,
    requestTimeout,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 5000,
    // Node checks the two timeouts above on this interval (30 s by default, too coarse for them).
    connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(headersTimeout / 2))),
  };

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const label = ROUTES.has(path) ? path : 'other';
    res.on('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      metrics.request(label, res.statusCode, seconds);
      if (logger.enabled('debug')) logger.log('debug', 'http.request', { method: req.method, path, code: res.statusCode, ms: Math.round(seconds * 1e4) / 10 });
    });
    // While draining, answers end their connections so the clients reconnect elsewhere.
    if (closing) res.setHeader('Connection', 'close');
    handle(req, res, path).catch((error: unknown) => {
      logger.log('error', 'http.internal_error', { path, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      if (!res.headersSent) sendStatus(res, 500, `internal error: ${error instanceof Error ? error.message : String(error)}`);
      else res.destroy();
    });
  };

  async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const allowed = ALLOWED[path];
    if (!allowed) return sendStatus(res, 404, `no such path ${JSON.stringify(path)}; the webhook serves ${[...ROUTES].join(', ')}`);
    if (!allowed.includes(req.method ?? '')) return sendStatus(res, 405, `${req.method ?? '?'} is not allowed on ${path}; use ${allowed.join(' or ')}`, { Allow: allowed.join(', ') });
    switch (path) {
      case '/healthz':
        return send(res, 200, 'text/plain; charset=utf-8', 'ok\n');
      case '/readyz':
        if (closing) return send(res, 503, 'text/plain; charset=utf-8', 'shutting down\n');
        if (connectCluster) {
          const readiness = live?.readiness() ?? { ready: false, reasons: ['cluster: not connected yet'] };
          return send(res, readiness.ready ? 200 : 503, 'text/plain; charset=utf-8', readiness.ready ? 'ok\n' : `${readiness.reasons.join('\n')}\n`);
        }
        if (!state.current) return send(res, 503, 'text/plain; charset=utf-8', 'state not loaded yet\n');
        return send(res, 200, 'text/plain; charset=utf-8', readyDetails(state));
      case '/metrics':
        return send(res, 200, 'text/plain; version=0.0.4; charset=utf-8', metrics.render());
    }
    if (!isJson(req.headers['content-type'])) {
      // Do not read a body we will not use; the connection goes with it.
      lingerOnClose(req.socket, LINGER_MS);
      return sendStatus(res, 415, `Content-Type must be application/json, got ${JSON.stringify(req.headers['content-type'] ?? '')}`, { Connection: 'close' });
    }
    const body = await readBody(req, maxBody);
    // Shutdown may have begun while the body arrived.
    if (closing) res.setHeader('Connection', 'close');
    if (!body.ok) {
      if (body.reason === 'aborted') return;
      lingerOnClose(req.socket, LINGER_MS);
      logger.log('warn', 'http.body_too_large', { path, limit: maxBody, declared: req.headers['content-length'] });
      return sendStatus(res, 413, `request body is larger than ${maxBody} bytes`, { Connection: 'close' });
    }
    // Decided on this thread, the decision is at hand: awaiting it only when it is not saves a turn of the microtask queue.
    const decided = decide(path === '/mutate' ? '/mutate' : '/validate', body.bytes, body.owned);
    const decision = decided instanceof Promise ? await decided : decided;
    if (decision.type === 'bad-request') {
      logger.log('info', 'admission.bad_request', { path, message: decision.message });
      return sendStatus(res, 400, decision.message);
    }
    if (decision.type === 'no-state') return sendStatus(res, 503, 'the state has not been loaded yet');
    const { answer: result, request, failures } = decision;
    for (const [policy, binding, outcome] of decision.outcomes) metrics.policyOutcome(policy, binding, outcome);
    if (decision.unknownKind !== undefined) metrics.unknownKindRefusal(decision.unknownKind);
    if (!result.allowed) {
      logger.log('info', 'admission.denied', {
        path,
        uid: request.uid,
        operation: request.operation,
        kind: request.kind,
        namespace: request.namespace,
        name: request.name,
        generation: generation(),
        message: result.status?.message,
        ...(failures.length ? { failures } : {}),
      });
    }
    send(res, 200, 'application/json', reviewResponseBody(result, request.dryRun));
  }

  /**
   * Small, cheap requests are decided on this thread, the rest on a worker (decision-router.ts).
   * Without workers (a library caller that gave no worker entry) everything is decided here,
   * with the full evaluation timeout; so is /mutate with a cluster, whose state only this
   * thread has.
   */
  function decide(path: AdmissionPath, bytes: Uint8Array, owned: boolean): Decision | Promise<Decision> {
    if (!pool) return decideRequest(path, bytes, snapshot(), settings);
    if (!router) {
      // A cluster: publishing its state to the workers would mean rebuilding it there on every
      // watch event; /validate needs only its CRDs.
      metrics.decision(path === '/validate' ? 'validate' : 'main');
      if (path !== '/validate') return decideRequest(path, bytes, snapshot(), settings);
      pool.publishCrds(snapshot()?.crds ?? []);
      return pool.run(path, 0, bytes, owned);
    }
    // One snapshot for the whole decision: a reload meanwhile affects the next request only.
    const current = state.current;
    const generation = current ? state.generation : 0;
    const here = router.tryHere(path, bytes, current);
    metrics.decision(here.route);
    if (here.route === 'main') return here.decision;
    if (path === '/validate') pool.publishCrds(current?.crds ?? []);
    return pool.run(path, generation, bytes, owned);
  }

  let server: HttpServer | HttpsServer;
  /** Sockets that may carry an HTTP answer (all of them without TLS). */
  let answerable: (socket: Socket) => boolean = () => true;
  if (options.insecure) {
    server = createHttpServer(serverOptions, handler);
  } else {
    if (!options.tls) throw new Error('a certificate and key are required for HTTPS (or ask for plain HTTP with insecure)');
    const https = createHttpsServer({ ...serverOptions, ...readTlsFiles(options.tls), handshakeTimeout: headersTimeout }, handler);
    tlsSource = new TlsSource(options.tls, (context) => https.setSecureContext(context), logger, metrics, watchTiming ?? { debounceMs: 200, pollMs: 2000 });
    server = https;
    const established = trackHandshakes(https);
    answerable = (socket) => established.has(socket);
  }
  server.maxConnections = options.maxConnections ?? defaultConnectionCap();
  // A connection idle this long is closed whatever state it is in (keep-alive has its own, shorter limit).
  server.setTimeout(requestTimeout + serverOptions.keepAliveTimeout);
  surviveServerErrors(server, logger);
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // Timeouts and garbage from clients: answer what HTTP allows and drop the connection.
    logger.log('debug', 'http.client_error', { code: error.code, error: error.message });
    // Input after an early answer is dropped on purpose; it is not an error of its own.
    if (lingering.has(socket as Socket)) return;
    // Before the TLS handshake is done (a handshake timeout, a client that is not speaking
    // TLS) there is no channel for an answer: a write would wait for a handshake that never
    // comes and keep the socket open after its client has gone.
    if (socket.writable && !socket.destroyed && answerable(socket as Socket)) {
      const code = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      socket.end(`HTTP/1.1 ${code} ${code === 408 ? 'Request Timeout' : 'Bad Request'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
    } else socket.destroy();
  });

  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  return {
    server,
    metrics,
    state,
    ready,
    listen() {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port ?? 8443, options.address ?? '127.0.0.1', () => {
          server.off('error', reject);
          const bound = server.address() as AddressInfo;
          const host = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
          const url = `${options.insecure ? 'http' : 'https'}://${host}:${bound.port}`;
          logger.log('info', 'server.listening', { address: bound.address, port: bound.port, url, tls: !options.insecure });
          resolve({ address: bound.address, port: bound.port, url });
          // The state loads after the port is bound, so /healthz answers during a long load
          // and /readyz says when it is done.
          setImmediate(() => {
            try {
              if (!state.reload('startup')) return;
              if (connectCluster) live = connectCluster(state, logger, metrics);
              if (watchTiming) {
                state.watch();
                tlsSource?.watch();
              }
            } finally {
              markReady();
            }
          });
        });
      });
    },
    close() {
      closing = true;
      stopLoopDelay();
      state.close();
      live?.close();
      tlsSource?.close();
      // Workers go last: requests in flight still need them.
      const done = (resolve: () => void) => void (pool ? pool.close() : Promise.resolve()).then(resolve);
      return new Promise<void>((resolve) => {
        if (!server.listening) return done(resolve);
        const force = setTimeout(() => {
          logger.log('warn', 'server.shutdown_forced', { after_ms: options.shutdownGraceMs ?? 10_000 });
          server.closeAllConnections();
        }, options.shutdownGraceMs ?? 10_000);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          logger.log('info', 'server.closed', {});
          done(resolve);
        });
        // Idle keep-alive connections would otherwise hold close() until their timeout.
        server.closeIdleConnections();
      });
    },
  };
}

/** Creates the server, binds it and waits for the first state load. */
export async function startWebhook(options: WebhookOptions): Promise<WebhookServer & { url: string; port: number }> {
  const connect = options.cluster ? (await import('../cluster/index.js')).connectCluster(options.cluster) : undefined;
  const webhook = createWebhookServer(options, connect);
  const { url, port } = await webhook.listen();
  await webhook.ready;
  if (webhook.state.startupFailure) {
    await webhook.close();
    throw webhook.state.startupFailure;
  }
  return Object.assign(webhook, { url, port });
}
