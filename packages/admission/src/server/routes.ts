// Routing of the webhook's requests: the paths it serves and their methods, the probes, and
// the admission paths (body, decision, response), with a metric and a debug line per request.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Decider } from './decider.js';
import type { DecisionBatch } from './decision-batch.js';
import type { Logger } from './log.js';
import type { Metrics } from './metrics.js';
import { readAdmissionBody } from './request-body.js';
import { send, sendDecision, sendStatus, type DecisionRecorder } from './respond.js';
import type { ServedState } from './served-state.js';

const ROUTES = new Set(['/mutate', '/validate', '/healthz', '/readyz', '/metrics']);
const ALLOWED: Record<string, readonly string[]> = {
  '/mutate': ['POST'],
  '/validate': ['POST'],
  '/healthz': ['GET', 'HEAD'],
  '/readyz': ['GET', 'HEAD'],
  '/metrics': ['GET', 'HEAD'],
};

export interface Routing extends DecisionRecorder {
  served: ServedState;
  decider: Decider;
  /** Where admission requests wait for the others read with them, to be decided together. */
  batch: DecisionBatch;
  metrics: Metrics;
  logger: Logger;
  maxBodyBytes: number;
  /** Whether the server is draining: answers then end their connections so clients reconnect elsewhere. */
  closing(): boolean;
}

export function createRequestHandler(routing: Routing): RequestListener {
  const { metrics, logger } = routing;
  return (req, res) => {
    const started = performance.now();
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const label = ROUTES.has(path) ? path : 'other';
    res.on('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      metrics.request(label, res.statusCode, seconds);
      if (logger.enabled('debug'))
        logger.log('debug', 'http.request', {
          method: req.method,
          path,
          code: res.statusCode,
          ms: Math.round(seconds * 1e4) / 10,
        });
    });
    if (routing.closing()) res.setHeader('Connection', 'close');
    route(routing, req, res, path).catch((error: unknown) => {
      logger.log('error', 'http.internal_error', {
        path,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      if (!res.headersSent) sendStatus(res, 500, `internal error: ${error instanceof Error ? error.message : String(error)}`);
      else res.destroy();
    });
  };
}

async function route(routing: Routing, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const allowed = ALLOWED[path];
  if (!allowed) return sendStatus(res, 404, `no such path ${JSON.stringify(path)}; the webhook serves ${[...ROUTES].join(', ')}`);
  if (!allowed.includes(req.method ?? ''))
    return sendStatus(res, 405, `${req.method ?? '?'} is not allowed on ${path}; use ${allowed.join(' or ')}`, {
      Allow: allowed.join(', '),
    });
  switch (path) {
    case '/healthz':
      return send(res, 200, 'text/plain; charset=utf-8', 'ok\n');
    case '/readyz': {
      if (routing.closing()) return send(res, 503, 'text/plain; charset=utf-8', 'shutting down\n');
      const { ready, text } = routing.served.readiness();
      return send(res, ready ? 200 : 503, 'text/plain; charset=utf-8', text);
    }
    case '/metrics':
      return send(res, 200, 'text/plain; version=0.0.4; charset=utf-8', routing.metrics.render());
  }
  const body = await readAdmissionBody(req, res, path, routing.maxBodyBytes, routing.logger);
  if (!body) return;
  // Shutdown may have begun while the body arrived.
  if (routing.closing()) res.setHeader('Connection', 'close');
  // Decided with the other requests read in this turn of the event loop (decision-batch.ts).
  const decision = await routing.batch.run(() =>
    routing.decider.decide(path === '/mutate' ? '/mutate' : '/validate', body.bytes, body.owned),
  );
  sendDecision(res, path, decision, routing);
}
