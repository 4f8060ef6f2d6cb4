// The admission webhook as a library: an HTTPS (or, when asked, plain HTTP) server with
// /mutate (the policies of the state), /validate (the linter's rules), /healthz, /readyz
// and /metrics. This module puts the parts together; each concern has its own:
// listener.ts (TLS and the HTTP server), routes.ts (paths and probes), request-body.ts
// (reading the body), decider.ts and decision.ts (deciding, on this thread or a worker),
// respond.ts (writing the answer), served-state.ts (the state requests read).
// `platlint serve` is a thin command around startWebhook (../webhook.ts).
import type { Server as HttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import type { Config } from '@platlint/core';
import { AdmissionPool } from './admission-pool.js';
import { Decider } from './decider.js';
import { DecisionBatch } from './decision-batch.js';
import { DecisionRouter } from './decision-router.js';
import { createListener, type ListenerOptions } from './listener.js';
import { silentLogger, type Logger } from './log.js';
import { reportEventLoopDelay } from './loop-delay.js';
import { Metrics } from './metrics.js';
import { MAX_BODY_BYTES } from './request-body.js';
import { createRequestHandler } from './routes.js';
import { ServedState } from './served-state.js';
import type { StateFile } from './state-files.js';
import { StateSource } from './state-source.js';
import type { StateViewFactory } from './state-view.js';

export { MAX_BODY_BYTES };

export interface WebhookServerOptions extends ListenerOptions {
  /** Files and directories of the state (policies, bindings, params, namespaces, CRDs). */
  state: readonly string[];
  /** 8443 by default; 0 picks a free port. */
  port?: number;
  /** Loopback by default: listening more widely is a decision to make explicitly. */
  address?: string;
  logger?: Logger;
  /** Time budget of one admission decision (the engine's timeoutMs). */
  evaluationTimeoutMs?: number;
  /** Cost budget per expression (the engine's costLimit); the cel package's default otherwise. */
  costLimit?: number;
  maxBodyBytes?: number;
  /** Reload timing for the state and certificate files (`settleMs`: the state's files must stay unchanged this long before a reload reads them); `false` turns watching off. */
  watch?: { debounceMs?: number; pollMs?: number; settleMs?: number } | false;
  /** How long close() lets in-flight requests run before cutting connections. */
  shutdownGraceMs?: number;
  /**
   * Admission work that could hold the event loop on worker threads, so probes and other
   * requests are answered while a request makes the engine work hard (small, cheap requests
   * are still decided on the main thread: decision-router.ts). Without it all work runs there.
   * `entry`: the admission worker's module (admissionWorkerEntry() in ../worker-entry.ts).
   */
  workers?: { entry: URL; count?: number; maxHeapMb?: number };
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

/** One thread for probes and I/O; the others (at least one, at most four) for admission work. */
function defaultWorkerCount(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/** `connectCluster`: the prepared connection to the platform's API, whose state requests then read (startWebhook prepares it). */
export function createWebhookServer(options: WebhookServerOptions, connectCluster?: StateViewFactory): WebhookServer {
  const logger = options.logger ?? silentLogger;
  const metrics = new Metrics();
  const stopLoopDelay = reportEventLoopDelay(metrics);
  const watchTiming =
    options.watch === false ? undefined : { debounceMs: options.watch?.debounceMs ?? 200, pollMs: options.watch?.pollMs ?? 2000 };
  const settleMs = options.watch === false ? undefined : options.watch?.settleMs;
  const admitOptions = {
    timeoutMs: options.evaluationTimeoutMs ?? 2000,
    ...(options.costLimit !== undefined ? { costLimit: options.costLimit } : {}),
  };
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
  const state = new StateSource(options.state, logger, metrics, {
    ...(watchTiming ?? {}),
    ...(settleMs !== undefined ? { settleMs } : {}),
    ...(pool && !connectCluster
      ? { onAccepted: (generation: number, files: StateFile[]) => pool.publish(generation, files) }
      : {}),
  });
  const served = new ServedState(state, connectCluster);
  let closing = false;
  const handler = createRequestHandler({
    served,
    decider: new Decider(served, settings, metrics, pool, router),
    batch: new DecisionBatch(),
    metrics,
    logger,
    maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
    closing: () => closing,
    generation: () => served.generation(),
  });
  const { server, tls } = createListener(options, handler, logger, metrics, watchTiming);

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
              served.start(logger, metrics);
              if (watchTiming) {
                state.watch();
                tls?.watch();
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
      served.close();
      tls?.close();
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
