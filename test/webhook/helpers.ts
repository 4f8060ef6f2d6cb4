// End-to-end helpers: a throwaway CA and server certificates made with openssl, the built
// CLI started as `platlint serve` in a child process, an HTTPS client that trusts only
// that CA, and an RFC 6902 patch applier written here so the test does not check the
// engine's patches with the engine's own code.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { connect, type TLSSocket } from 'node:tls';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The CLI under test; PLATLINT_WEBHOOK_CLI points elsewhere (a scratch build) when set. */
export const CLI = process.env.PLATLINT_WEBHOOK_CLI ?? join(REPO_ROOT, 'packages/cli/dist/platlint.mjs');
export const FIXTURE_STATE = join(REPO_ROOT, 'test/webhook/fixtures/state');

if (!existsSync(CLI)) {
  throw new Error(
    `The CLI bundle ${CLI} does not exist. Build it first: \`npx tsc -b && node packages/core/scripts/build-validators.mjs && node packages/cli/scripts/bundle.mjs\`.`,
  );
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `platlint-${prefix}-`));
}

/** A copy of the fixture state the test may edit. */
export function stateCopy(): string {
  const dir = tempDir('state');
  cpSync(FIXTURE_STATE, dir, { recursive: true });
  return dir;
}

export interface Ca {
  dir: string;
  caCert: string;
  /** Issues a server certificate for 127.0.0.1 and localhost; returns the cert and key files. */
  issue(name: string): { cert: string; key: string };
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

export function makeCa(): Ca {
  const dir = tempDir('ca');
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '2',
      '-subj',
      '/CN=platlint test CA',
    ],
    dir,
  );
  return {
    dir,
    caCert: join(dir, 'ca.crt'),
    issue(name) {
      writeFileSync(
        join(dir, `${name}.ext`),
        'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n',
      );
      openssl(
        [
          'req',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-keyout',
          `${name}.key`,
          '-out',
          `${name}.csr`,
          '-subj',
          `/CN=${name}`,
        ],
        dir,
      );
      openssl(
        [
          'x509',
          '-req',
          '-in',
          `${name}.csr`,
          '-CA',
          'ca.crt',
          '-CAkey',
          'ca.key',
          '-CAcreateserial',
          '-out',
          `${name}.crt`,
          '-days',
          '1',
          '-extfile',
          `${name}.ext`,
        ],
        dir,
      );
      return { cert: join(dir, `${name}.crt`), key: join(dir, `${name}.key`) };
    },
  };
}

export interface LogEvent {
  event: string;
  level: string;
  [field: string]: unknown;
}

export interface Served {
  child: ChildProcess;
  port: number;
  logs: LogEvent[];
  /** Resolves with the first log event that passes `match`, within a generous limit. */
  waitForLog(match: (e: LogEvent) => boolean, limitMs?: number): Promise<LogEvent>;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

/** Runs `platlint serve --port 0 ...args` expecting it to stop by itself (a start-up failure): its exit code and stderr. */
export function serveUntilExit(args: readonly string[]): Promise<{ code: number | null; stderr: string; logs: LogEvent[] }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => (stderr += chunk));
  // A server that does start would hang the test: stop it, and the test fails on its exit code.
  const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolveExit) =>
    child.on('exit', (code) => {
      clearTimeout(guard);
      const logs = stderr
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as LogEvent);
      resolveExit({ code, stderr, logs });
    }),
  );
}

/** How to start platlint: the bundle under test unless another command (an installed bin) is given. */
export interface Launch {
  command?: readonly string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Run as this user and group (the image's USER); only root can ask for it. */
  user?: { uid: number; gid: number };
  /** Runs the server under `ulimit -n` of this many open files. */
  maxOpenFiles?: number;
  /** How long to wait for the server to listen and then to load its state (30 s each by default). */
  readyWithinMs?: number;
}

/** The arguments of `platlint serve` for a state directory, with a server certificate issued by `ca`. */
export function stateArgs(ca: Ca, state: string): string[] {
  const tls = ca.issue('server');
  return ['--state', state, '--tls-cert-file', tls.cert, '--tls-private-key-file', tls.key];
}

/** Starts `platlint serve --port 0 ...args` and waits until its state has loaded. */
export async function serve(args: readonly string[], launch: Launch = {}): Promise<Served> {
  const [program, ...prefix] = launch.command ?? [process.execPath, CLI];
  const command = [program as string, ...prefix, 'serve', '--port', '0', ...args];
  const options = {
    cwd: launch.cwd ?? REPO_ROOT,
    env: launch.env ?? process.env,
    ...launch.user,
    stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'],
  };
  const child =
    launch.maxOpenFiles === undefined
      ? spawn(command[0] as string, command.slice(1), options)
      : spawn('/bin/sh', ['-c', `ulimit -n ${launch.maxOpenFiles} && exec "$@"`, 'sh', ...command], options);
  const logs: LogEvent[] = [];
  const waiters: { match: (e: LogEvent) => boolean; resolve: (e: LogEvent) => void }[] = [];
  let buffered = '';
  let stderrText = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderrText += chunk;
    buffered += chunk;
    let nl;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      let event: LogEvent;
      try {
        event = JSON.parse(line) as LogEvent;
      } catch {
        // Every line on stderr must be a JSON event; a stray one fails the test that waits.
        event = { event: 'unparsed', level: 'error', line };
      }
      logs.push(event);
      for (const w of [...waiters]) {
        if (w.match(event)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(event);
        }
      }
    }
  });
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  const waitForLog = (match: (e: LogEvent) => boolean, limitMs = 30_000) => {
    const seen = logs.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<LogEvent>((resolveLog, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching log event; stderr so far:\n${stderrText}`)), limitMs);
      waiters.push({
        match,
        resolve: (e) => {
          clearTimeout(timer);
          resolveLog(e);
        },
      });
      void exited.then((code) => reject(new Error(`platlint serve exited with ${code}; stderr:\n${stderrText}`)));
    });
  };
  let listening: LogEvent;
  try {
    listening = await waitForLog((e) => e.event === 'server.listening', launch.readyWithinMs);
    await waitForLog((e) => e.event === 'state.loaded', launch.readyWithinMs);
  } catch (error) {
    // A server that never came up is still a process: it must not outlive the test that gave up on it.
    if (child.exitCode === null) child.kill('SIGKILL');
    throw error;
  }
  return {
    child,
    port: listening.port as number,
    logs,
    waitForLog,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** SHA-256 fingerprint of the certificate the server presented. */
  peer: string;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Trusted CA file; without one the system store is used (which does not hold our CA). */
  ca?: string;
}

export function call(port: number, path: string, options: CallOptions = {}): Promise<Reply> {
  return new Promise((resolveCall, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
        ...(options.ca !== undefined ? { ca: readCa(options.ca) } : {}),
        // A fresh connection each time, so a rotated certificate is seen at once.
        agent: false,
      },
      (res) => {
        const peer = (res.socket as TLSSocket).getPeerCertificate().fingerprint256;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolveCall({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), peer }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function readCa(file: string): string {
  return readFileSync(file, 'utf8');
}

/** A raw TLS connection for requests written by hand (slow or partial ones). */
export function rawConnection(port: number, ca: string): Promise<TLSSocket> {
  return new Promise((resolveSocket, reject) => {
    const socket = connect({ host: '127.0.0.1', port, ca: readCa(ca), servername: 'localhost' }, () => resolveSocket(socket));
    socket.on('error', reject);
  });
}

/** Everything the server sends until it closes the connection. */
export function readUntilClosed(socket: TLSSocket): Promise<string> {
  return new Promise((resolveText) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => resolveText(text));
    // A reset after the answer is still the end of the conversation.
    socket.on('error', () => undefined);
  });
}

export function review(request: Record<string, unknown>): string {
  return JSON.stringify({ apiVersion: 'admission.plat.io/v1', kind: 'AdmissionReview', request });
}

export interface DeploymentOptions {
  annotations?: Record<string, string>;
}

export function deployment(options: DeploymentOptions = {}): Record<string, unknown> {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'web',
      namespace: 'shop',
      labels: { app: 'web' },
      ...(options.annotations ? { annotations: options.annotations } : {}),
    },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'app', image: 'shop:1.0', ports: [{ containerPort: 8080 }] }] },
      },
    },
  };
}

export function deploymentRequest(
  uid: string,
  object: Record<string, unknown> = deployment(),
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    uid,
    operation: 'CREATE',
    kind: { group: 'apps', version: 'v1', kind: 'Deployment' },
    resource: { group: 'apps', version: 'v1', resource: 'deployments' },
    namespace: 'shop',
    name: 'web',
    userInfo: { username: 'alice', groups: ['dev'] },
    object,
    ...extra,
  };
}

export interface ReviewAnswer {
  uid: string;
  allowed: boolean;
  patchType?: string;
  patch?: string;
  status?: { code: number; message: string };
  warnings?: string[];
}

export function answerOf(reply: Reply): ReviewAnswer {
  if (reply.status !== 200) throw new Error(`HTTP ${reply.status}: ${reply.body}`);
  const parsed = JSON.parse(reply.body) as { apiVersion: string; kind: string; response: ReviewAnswer };
  if (parsed.apiVersion !== 'admission.plat.io/v1' || parsed.kind !== 'AdmissionReview')
    throw new Error(`not an AdmissionReview: ${reply.body}`);
  return parsed.response;
}

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
interface PatchOp {
  op: string;
  path: string;
  value?: JsonValue;
  from?: string;
}

function tokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`bad pointer ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Applies an RFC 6902 patch (add, remove, replace, test) to a copy of `doc`. */
function applyPatch(doc: unknown, patch: readonly PatchOp[]): unknown {
  const root = { value: structuredClone(doc) as JsonValue };
  for (const op of patch) {
    const path = tokens(op.path);
    const last = path.pop();
    let parent: JsonValue = root.value;
    for (const t of path) {
      const next: JsonValue | undefined = Array.isArray(parent)
        ? parent[Number(t)]
        : parent !== null && typeof parent === 'object'
          ? parent[t]
          : undefined;
      if (next === undefined) throw new Error(`path ${op.path} does not exist`);
      parent = next;
    }
    if (last === undefined) {
      if (op.op === 'test') continue;
      root.value = op.value ?? null;
      continue;
    }
    if (Array.isArray(parent)) {
      const index = last === '-' ? parent.length : Number(last);
      if (op.op === 'add') parent.splice(index, 0, op.value ?? null);
      else if (op.op === 'remove') parent.splice(index, 1);
      else if (op.op === 'replace') parent[index] = op.value ?? null;
      else if (op.op === 'test' && JSON.stringify(parent[index]) !== JSON.stringify(op.value))
        throw new Error(`test failed at ${op.path}`);
    } else if (parent !== null && typeof parent === 'object') {
      if (op.op === 'add' || op.op === 'replace') parent[last] = op.value ?? null;
      else if (op.op === 'remove') delete parent[last];
      else if (op.op === 'test' && JSON.stringify(parent[last]) !== JSON.stringify(op.value))
        throw new Error(`test failed at ${op.path}`);
    } else throw new Error(`cannot apply ${op.op} at ${op.path}`);
    if (!['add', 'remove', 'replace', 'test'].includes(op.op)) throw new Error(`unsupported op ${op.op}`);
  }
  return root.value;
}

/** The object after the answer's patch (the object itself when there is none). */
export function patched(object: unknown, answer: ReviewAnswer): unknown {
  if (answer.patch === undefined) return object;
  if (answer.patchType !== 'JSONPatch') throw new Error(`patchType ${answer.patchType}`);
  return applyPatch(object, JSON.parse(Buffer.from(answer.patch, 'base64').toString('utf8')) as PatchOp[]);
}

/** Polls until `check` passes; the limit is generous and no duration is asserted. */
export async function eventually(check: () => Promise<boolean> | boolean, limitMs = 30_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A state file's policy on Deployments (apps/v1) with one mutation, and its binding of the same name. */
export interface PolicyText {
  name: string;
  /** The mutation's CEL expression, written between single quotes. */
  expression: string;
  patchType?: 'ApplyConfiguration' | 'JSONPatch';
  /** The operations matched, as YAML flow items (default `CREATE`). */
  operations?: string;
  /** The plural of the apps/v1 resource matched (default `deployments`). */
  resource?: string;
  /** Left out unless given: the server's default is Fail. */
  failurePolicy?: 'Fail' | 'Ignore';
  /** More of the policy's spec (matchConditions, variables), as YAML lines indented by two spaces. */
  moreSpec?: string;
}

/** The YAML of a policy and its binding, as the webhook's state files hold them. */
export function policyText(p: PolicyText): string {
  const patchType = p.patchType ?? 'ApplyConfiguration';
  return `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: ${p.name}}
spec:
  matchConstraints:
    resourceRules:
      - {apiGroups: [apps], apiVersions: [v1], operations: [${p.operations ?? 'CREATE'}], resources: [${p.resource ?? 'deployments'}]}
${p.failurePolicy ? `  failurePolicy: ${p.failurePolicy}\n` : ''}  reinvocationPolicy: Never
${p.moreSpec ?? ''}  mutations:
    - patchType: ${patchType}
      ${patchType === 'JSONPatch' ? 'jsonPatch' : 'applyConfiguration'}:
        expression: '${p.expression}'
---
apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: ${p.name}}
spec: {policyName: ${p.name}}
`;
}

/**
 * A lint-clean policy whose variables double a list `steps` times and compare the results:
 * cheap to load, costly to run (seconds at 22 steps). It matches CREATE of `resource` (apps/v1).
 */
export function doublingPolicy(steps: number, resource = 'deployments'): string {
  const variables = [
    `    - {name: l0, expression: "[1, 2, 3, 4]"}`,
    ...Array.from({ length: steps }, (_, i) => `    - {name: l${i + 1}, expression: "variables.l${i} + variables.l${i}"}`),
  ];
  return policyText({
    name: 'doubling',
    resource,
    moreSpec: `  variables:\n${variables.join('\n')}\n`,
    expression: `Object{spec: Object.spec{replicas: variables.l${steps} == variables.l${steps} ? 3 : 2}}`,
  });
}
