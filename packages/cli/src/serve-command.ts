// `platlint serve`: the admission webhook. Runs until SIGTERM or SIGINT, then stops
// accepting connections, lets in-flight requests finish and returns 0.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { jsonLogger, LOG_LEVELS, startWebhook, type LogLevel, type WebhookServer } from '@platlint/admission';
import type { Io } from './commands.js';
import { UsageError } from './files.js';

export const SERVE_USAGE = `Usage: platlint serve --state DIR --tls-cert-file FILE --tls-private-key-file FILE [options]

Runs the admission webhook: MutatingAdmissionPolicy mutations on /mutate, the linter's
rules on /validate, /healthz, /readyz and /metrics. The state directory and the
certificate files are watched and reloaded when they change. Logs are JSON lines on
standard error. SIGTERM or SIGINT stops it gracefully.

Options of serve:
      --state PATH               Policies, bindings, params and namespaces (file or directory;
                                 repeatable)
      --tls-cert-file FILE       PEM certificate (chain) to serve
      --tls-private-key-file F   PEM private key of that certificate
      --insecure                 Plain HTTP without TLS, for local use only
      --port N                   Port to listen on (default 8443)
      --address ADDR             Address to listen on (default 127.0.0.1; 0.0.0.0 in a pod)
      --evaluation-timeout MS    Time budget of one admission decision (default 2000)
      --cost-limit N             Cost budget of one CEL expression (default: the CEL default)
      --headers-timeout MS       Time a client has to send its headers (default 10000)
      --request-timeout MS       Time a client has to send its whole request (default 30000)
      --shutdown-grace MS        Time in-flight requests get on shutdown (default 10000)
      --log-level LEVEL          debug (one line per request), info (default), warn, error
  -h, --help                     Show this help

Exit status: 0 after a graceful shutdown, 2 usage error or failure to start.
`;

interface ServeArgs {
  state: string[];
  certFile: string | undefined;
  keyFile: string | undefined;
  insecure: boolean;
  port: number;
  address: string;
  evaluationTimeoutMs: number;
  costLimit: number | undefined;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  shutdownGraceMs: number;
  logLevel: LogLevel;
}

function integer(value: string | undefined, flag: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) throw new UsageError(`${flag} takes a whole number from ${min} to ${max}, got "${value}"`);
  return n;
}

function parseServeArgs(argv: readonly string[], cwd: string): ServeArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: false,
      strict: true,
      options: {
        state: { type: 'string', multiple: true },
        'tls-cert-file': { type: 'string' },
        'tls-private-key-file': { type: 'string' },
        insecure: { type: 'boolean', default: false },
        port: { type: 'string' },
        address: { type: 'string' },
        'evaluation-timeout': { type: 'string' },
        'cost-limit': { type: 'string' },
        'headers-timeout': { type: 'string' },
        'request-timeout': { type: 'string' },
        'shutdown-grace': { type: 'string' },
        'log-level': { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const v = parsed.values;
  const state = (v.state ?? []).map((p) => resolve(cwd, p));
  if (state.length === 0) throw new UsageError('serve needs --state DIR: the policies and bindings to apply');
  const certFile = v['tls-cert-file'];
  const keyFile = v['tls-private-key-file'];
  if (v.insecure && (certFile !== undefined || keyFile !== undefined)) throw new UsageError('--insecure serves plain HTTP; drop it or the certificate options');
  if (!v.insecure && (certFile === undefined || keyFile === undefined)) {
    throw new UsageError('serve speaks HTTPS: give --tls-cert-file and --tls-private-key-file (or --insecure for plain HTTP on your own machine)');
  }
  const logLevel = (v['log-level'] ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new UsageError(`unknown log level "${logLevel}"; use ${LOG_LEVELS.join(', ')}`);
  const headersTimeoutMs = integer(v['headers-timeout'], '--headers-timeout', 10_000, 1);
  return {
    state,
    certFile: certFile === undefined ? undefined : resolve(cwd, certFile),
    keyFile: keyFile === undefined ? undefined : resolve(cwd, keyFile),
    insecure: v.insecure === true,
    port: integer(v.port, '--port', 8443, 0, 65535),
    address: v.address ?? '127.0.0.1',
    evaluationTimeoutMs: integer(v['evaluation-timeout'], '--evaluation-timeout', 2000, 1),
    costLimit: v['cost-limit'] === undefined ? undefined : integer(v['cost-limit'], '--cost-limit', 0, 1),
    headersTimeoutMs,
    requestTimeoutMs: integer(v['request-timeout'], '--request-timeout', Math.max(30_000, headersTimeoutMs), headersTimeoutMs),
    shutdownGraceMs: integer(v['shutdown-grace'], '--shutdown-grace', 10_000, 0),
    logLevel,
  };
}

/** Resolves with the name of the first SIGTERM or SIGINT, removing its handlers then. */
function nextSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const on = (signal: NodeJS.Signals) => {
      process.off('SIGTERM', on);
      process.off('SIGINT', on);
      resolve(signal);
    };
    process.on('SIGTERM', on);
    process.on('SIGINT', on);
  });
}

/** Runs `platlint serve` until a signal; returns the exit status. */
export async function serveCommand(argv: readonly string[], io: Io): Promise<number> {
  const args = parseServeArgs(argv, io.cwd);
  const logger = jsonLogger(io.stderr, args.logLevel);
  // Listen for signals before binding, so one sent right after start-up is not lost.
  const signal = nextSignal();
  let webhook: WebhookServer;
  try {
    webhook = await startWebhook({
      state: args.state,
      ...(args.insecure ? { insecure: true } : { tls: { certFile: args.certFile as string, keyFile: args.keyFile as string } }),
      port: args.port,
      address: args.address,
      logger,
      evaluationTimeoutMs: args.evaluationTimeoutMs,
      ...(args.costLimit !== undefined ? { costLimit: args.costLimit } : {}),
      headersTimeoutMs: args.headersTimeoutMs,
      requestTimeoutMs: args.requestTimeoutMs,
      shutdownGraceMs: args.shutdownGraceMs,
    });
  } catch (error) {
    logger.log('error', 'server.start_failed', { error: (error as Error).message });
    return 2;
  }
  if (args.insecure) logger.log('warn', 'server.insecure', { why: 'plain HTTP: for local use only; the API server only calls webhooks over HTTPS' });
  const received = await signal;
  logger.log('info', 'server.shutting_down', { signal: received });
  await webhook.close();
  return 0;
}
