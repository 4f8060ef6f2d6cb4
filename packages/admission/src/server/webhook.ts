// The admission webhook as a library: an HTTPS (or, when asked, plain HTTP) server with
// /mutate (the policies of the state), /validate (the linter's rules), /healthz, /readyz
// and /metrics. `platlint serve` is a thin command around `startWebhook`.
import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Config } from '@platlint/core';
import { admit } from '../admit.js';
import { readBody } from './body.js';
import { silentLogger, type Logger } from './log.js';
import { Metrics } from './metrics.js';
import { recordOutcomes } from './outcomes.js';
import { readReview, ReviewError, reviewResponseBody, parseJsonBody } from './review.js';
import { describeProblem, StateSource } from './state-source.js';
import { readTlsFiles, TlsSource, type TlsFiles } from './tls-source.js';
import { validateRequest } from './validate.js';

/** The API server's limit on request bodies it sends to webhooks, and ours. */
export const MAX_BODY_BYTES = 3 * 1024 * 1024;

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
  /** Reload timing for the state and certificate files; `false` turns watching off. */
  watch?: { debounceMs?: number; pollMs?: number } | false;
  /** How long close() lets in-flight requests run before cutting connections. */
  shutdownGraceMs?: number;
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
  const media = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return media === 'application/json';
}

export function createWebhookServer(options: WebhookOptions): WebhookServer {
  const logger = options.logger ?? silentLogger;
  const metrics = new Metrics();
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  const requestTimeout = Math.max(options.requestTimeoutMs ?? 30_000, headersTimeout);
  const watchTiming = options.watch === false ? undefined : { debounceMs: options.watch?.debounceMs ?? 200, pollMs: options.watch?.pollMs ?? 2000 };
  // handOver: the parsed request is this request's alone and is not read after the decision.
  const admitOptions = { timeoutMs: options.evaluationTimeoutMs ?? 2000, handOver: true, ...(options.costLimit !== undefined ? { costLimit: options.costLimit } : {}) };
  const state = new StateSource(options.state, logger, metrics, watchTiming ?? {});
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
    const path = (req.url ?? '/').split('?')[0] ?? '/';
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
    let request;
    try {
      request = readReview(parseJsonBody(body.bytes));
    } catch (error) {
      if (!(error instanceof ReviewError)) throw error;
      logger.log('info', 'admission.bad_request', { path, message: error.message });
      return sendStatus(res, 400, error.message);
    }
    // One snapshot for the whole decision: a reload meanwhile affects the next request only.
    const snapshot = state.current;
    if (!snapshot) return sendStatus(res, 503, 'the state has not been loaded yet');
    const dryRun = request.dryRun === true;
    let result;
    let failures: { policy: string; binding: string; kind: string }[] | undefined;
    if (path === '/mutate') {
      const admitted = admit(snapshot, request, admitOptions);
      recordOutcomes(metrics, admitted);
      result = admitted;
      if (!admitted.allowed) failures = admitted.outcomes.filter((o) => o.outcome === 'failed').map((o) => ({ policy: o.policy, binding: o.binding, kind: o.failure?.kind ?? '' }));
    } else {
      result = validateRequest(request, options.validateConfig);
    }
    if (!result.allowed) {
      logger.log('info', 'admission.denied', {
        path,
        uid: request.uid,
        operation: request.operation,
        kind: request.kind.kind,
        namespace: request.namespace,
        name: request.name,
        generation: state.generation,
        message: result.status?.message,
        ...(failures ? { failures } : {}),
      });
    }
    send(res, 200, 'application/json', reviewResponseBody(result, dryRun));
  }

  let server: HttpServer | HttpsServer;
  if (options.insecure) {
    server = createHttpServer(serverOptions, handler);
  } else {
    if (!options.tls) throw new Error('a certificate and key are required for HTTPS (or ask for plain HTTP with insecure)');
    const https = createHttpsServer({ ...serverOptions, ...readTlsFiles(options.tls), handshakeTimeout: headersTimeout }, handler);
    tlsSource = new TlsSource(options.tls, (context) => https.setSecureContext(context), logger, metrics, watchTiming ?? { debounceMs: 200, pollMs: 2000 });
    server = https;
  }
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // Timeouts and garbage from clients: answer what HTTP allows and drop the connection.
    logger.log('debug', 'http.client_error', { code: error.code, error: error.message });
    // Input after an early answer is dropped on purpose; it is not an error of its own.
    if (lingering.has(socket as Socket)) return;
    if (socket.writable && !socket.destroyed) {
      const code = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      socket.end(`HTTP/1.1 ${code} ${code === 408 ? 'Request Timeout' : 'Bad Request'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
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
      state.close();
      tlsSource?.close();
      return new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        const force = setTimeout(() => {
          logger.log('warn', 'server.shutdown_forced', { after_ms: options.shutdownGraceMs ?? 10_000 });
          server.closeAllConnections();
        }, options.shutdownGraceMs ?? 10_000);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          logger.log('info', 'server.closed', {});
          resolve();
        });
        // Idle keep-alive connections would otherwise hold close() until their timeout.
        server.closeIdleConnections();
      });
    },
  };
}

/** Creates the server, binds it and waits for the first state load. */
export async function startWebhook(options: WebhookOptions): Promise<WebhookServer & { url: string; port: number }> {
  const webhook = createWebhookServer(options);
  const { url, port } = await webhook.listen();
  await webhook.ready;
  if (webhook.state.startupFailure) {
    await webhook.close();
    throw webhook.state.startupFailure;
  }
  return Object.assign(webhook, { url, port });
}
