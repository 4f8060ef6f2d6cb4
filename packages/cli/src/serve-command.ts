// `platlint serve`: the admission webhook. Runs until SIGTERM or SIGINT, then stops
// accepting connections, lets in-flight requests finish and returns 0.
import { join, resolve } from 'node:path';
import {
  admissionWorkerEntry,
  jsonLogger,
  LOG_LEVELS,
  startWebhook,
  type ClusterOptions,
  type LogLevel,
  type WebhookServer,
} from '@platlint/admission';
import { ConfigError, ConfigResolver, type Config } from '@platlint/core';
import { knownRuleIds } from '@platlint/rules';
import type { Io } from './commands.js';
import { parseStrict, UsageError } from './options.js';

export const SERVE_USAGE = `Usage: platlint serve --state DIR --tls-cert-file FILE --tls-private-key-file FILE [options]
       platlint serve [--state DIR] (--kubeconfig FILE | --in-cluster) [--watch-policies] ...

Runs the admission webhook: MutatingAdmissionPolicy mutations on /mutate, the linter's
rules on /validate, /healthz, /readyz and /metrics. The state directory and the
certificate files are watched and reloaded when they change. Logs are JSON lines on
standard error. SIGTERM or SIGINT stops it gracefully.

Options of serve:
      --state PATH               Policies, bindings, params and namespaces (file or directory;
                                 repeatable; optional with --watch-policies)
      --kubeconfig FILE          List and watch namespaces and the params bindings use through
                                 the platform's API, with this kubeconfig
      --in-cluster               The same with the pod's service account
      --watch-policies           Also take the policies and bindings from the API
      --stale-after DURATION     /readyz fails when a source has had no working list or watch
                                 for this long (default 5m; e.g. 90s, 500ms)
      --api-retry FIRST,MAX      Delay before a failed list or watch is tried again: FIRST,
                                 doubling up to MAX, each stretched by a random 0-100 %
                                 (default 800ms,30s, as client-go's reflector)
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
      --max-connections N        Open connections at most; further ones are closed at once
                                 (default 1000, lowered to leave 64 descriptors of the
                                 open-file limit free)
      --log-level LEVEL          debug (one line per request), info (default), warn, error
  -c, --config FILE              Configuration of /validate (rule severities, feature gates,
                                 release) instead of the nearest platlint.config.yaml
  -h, --help                     Show this help

The state is taken as the API server would store it: objects that draw only advice
(lint warnings, CEL checked against the schema, cost estimates) are kept and logged
once per object; an object the server would refuse stops start-up (a --state path
that does not exist too), and on a reload keeps the last good state serving
(logged, counted in platlint_state_reload_failures_total, shown on /readyz).

Exit status: 0 after a graceful shutdown, 2 usage error or failure to start (an
object of the state the API server would refuse, naming file, line and finding).
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
  maxConnections: number | undefined;
  logLevel: LogLevel;
  cluster: ClusterOptions | undefined;
  config: string | undefined;
}

function integer(value: string | undefined, flag: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max)
    throw new UsageError(`${flag} takes a whole number from ${min} to ${max}, got "${value}"`);
  return n;
}

function parseServeArgs(argv: readonly string[], cwd: string): ServeArgs {
  const parsed = parseStrict(argv, {
    allowPositionals: false,
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
      'max-connections': { type: 'string' },
      'log-level': { type: 'string' },
      kubeconfig: { type: 'string' },
      'in-cluster': { type: 'boolean', default: false },
      'watch-policies': { type: 'boolean', default: false },
      'stale-after': { type: 'string' },
      'api-retry': { type: 'string' },
      config: { type: 'string', short: 'c' },
    },
  });
  const v = parsed.values;
  const state = (v.state ?? []).map((p) => resolve(cwd, p));
  const cluster = clusterOptions(v, cwd);
  if (state.length === 0 && !cluster?.watchPolicies)
    throw new UsageError('serve needs --state DIR (or --watch-policies with a cluster): the policies and bindings to apply');
  const certFile = v['tls-cert-file'];
  const keyFile = v['tls-private-key-file'];
  if (v.insecure && (certFile !== undefined || keyFile !== undefined))
    throw new UsageError('--insecure serves plain HTTP; drop it or the certificate options');
  if (!v.insecure && (certFile === undefined || keyFile === undefined)) {
    throw new UsageError(
      'serve speaks HTTPS: give --tls-cert-file and --tls-private-key-file (or --insecure for plain HTTP on your own machine)',
    );
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
    maxConnections: v['max-connections'] === undefined ? undefined : integer(v['max-connections'], '--max-connections', 0, 1),
    logLevel,
    cluster,
    config: v.config,
  };
}

/** A duration: a whole number with ms, s or m (a bare number is milliseconds, as elsewhere). */
function duration(value: string, flag: string): number {
  const m = /^(\d+)(ms|s|m)?$/.exec(value.trim());
  const n = m ? Number(m[1]) * (m[2] === 'm' ? 60_000 : m[2] === 's' ? 1000 : 1) : NaN;
  if (!Number.isSafeInteger(n) || n < 1)
    throw new UsageError(`${flag} takes a duration such as 90s, 5m or 1500ms, got "${value}"`);
  return n;
}

/** `--api-retry FIRST,MAX`: two durations, the first no longer than the second. */
function retryDelays(value: string): { firstMs: number; maxMs: number } {
  const parts = value.split(',');
  if (parts.length !== 2) throw new UsageError(`--api-retry takes two durations FIRST,MAX such as 800ms,30s, got "${value}"`);
  const [firstMs, maxMs] = parts.map((p) => duration(p, '--api-retry')) as [number, number];
  if (firstMs > maxMs)
    throw new UsageError(`--api-retry: the first delay (${parts[0]}) is longer than the longest (${parts[1]})`);
  return { firstMs, maxMs };
}

function clusterOptions(
  v: { kubeconfig?: string; 'in-cluster'?: boolean; 'watch-policies'?: boolean; 'stale-after'?: string; 'api-retry'?: string },
  cwd: string,
): ClusterOptions | undefined {
  if (v.kubeconfig !== undefined && v['in-cluster'])
    throw new UsageError('--kubeconfig and --in-cluster are two ways to reach the API; give one');
  const credentials =
    v.kubeconfig !== undefined
      ? { kubeconfig: resolve(cwd, v.kubeconfig) }
      : v['in-cluster']
        ? ({ inCluster: true } as const)
        : undefined;
  if (!credentials) {
    if (v['watch-policies'])
      throw new UsageError('--watch-policies reads the policies from the API: give --kubeconfig FILE or --in-cluster');
    if (v['stale-after'] !== undefined)
      throw new UsageError('--stale-after concerns the API sources: give --kubeconfig FILE or --in-cluster');
    if (v['api-retry'] !== undefined)
      throw new UsageError('--api-retry concerns the API sources: give --kubeconfig FILE or --in-cluster');
    return undefined;
  }
  return {
    credentials,
    watchPolicies: v['watch-policies'] === true,
    ...(v['stale-after'] !== undefined ? { staleAfterMs: duration(v['stale-after'], '--stale-after') } : {}),
    ...(v['api-retry'] !== undefined ? { backoff: retryDelays(v['api-retry']) } : {}),
  };
}

/** /validate lints as `lint` would from the working directory: --config, or the nearest platlint.config.yaml. */
function validateConfig(configFile: string | undefined, cwd: string): Config {
  try {
    // The nearest configuration of a file in the working directory is the one found from there up.
    return new ConfigResolver(knownRuleIds, { ...(configFile !== undefined ? { configFile } : {}), cwd }).forFile(
      join(cwd, 'admission-request.yaml'),
    );
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(`configuration: ${error.message}`);
    throw error;
  }
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
  const config = validateConfig(args.config, io.cwd);
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
      ...(args.maxConnections !== undefined ? { maxConnections: args.maxConnections } : {}),
      // Admission work on worker threads, started from admission's own bundle.
      workers: { entry: admissionWorkerEntry() },
      ...(args.cluster ? { cluster: args.cluster } : {}),
      validateConfig: config,
    });
  } catch (error) {
    logger.log('error', 'server.start_failed', { error: (error as Error).message });
    return 2;
  }
  if (args.insecure)
    logger.log('warn', 'server.insecure', {
      why: 'plain HTTP: for local use only; the API server only calls webhooks over HTTPS',
    });
  const received = await signal;
  logger.log('info', 'server.shutting_down', { signal: received });
  await webhook.close();
  if (args.cluster) {
    // The sources abort their requests on close; should anything else of the connection
    // linger, it must not keep a stopping pod alive until it is killed.
    setTimeout(() => process.exit(0), 2000).unref();
  }
  return 0;
}
