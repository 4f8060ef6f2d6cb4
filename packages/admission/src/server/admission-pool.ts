// Worker threads that run the admission work of the webhook (see admission-worker.ts).
// Each request goes to the least busy worker. A worker that runs far past the evaluation
// deadline, or dies (its heap limit reached), is replaced, and the requests it held fail
// with an error instead of taking the server down.
//
// Workers start when a request first needs one, and another only when each one started has
// work, up to the pool's size: most requests are decided on the main thread, and an idle
// worker is not free. Each has a heap of its own (the admission bundle, ~15-18 MB), which
// V8's memory reducer collects in full once the thread has been idle a while: started with
// the server, a worker that never got a request ran two such collections of 12-21 ms some
// 15 s later (node --trace-gc), on the core the main thread was answering on (a webhook's pod
// often has one), which held its requests that long.
//
// A worker that dies before it ever answered (its module missing or throwing at load) would
// die again at once: its replacement waits, longer after each such failure in a row
// (respawnDelayMs), and meanwhile requests are decided on the main thread (run() returns
// undefined), as they are when the webhook has no workers. The first answer resets the count.
// The requests given to a worker that then failed to start are decided by the fallback their
// caller gave, when it gave one.
import { Worker } from 'node:worker_threads';
import type { AdmissionWorkerData, FromWorker, ToWorker } from './admission-worker.js';
import type { AdmissionPath, Decision, DecisionSettings } from './decision.js';
import type { Logger } from './log.js';
import type { JsonObject } from '../json.js';
import { sameCrds } from '../state/kinds.js';
import type { StateFile } from './state-files.js';

export interface PoolOptions extends DecisionSettings {
  /** The module a worker starts from: it must call runAdmissionWorkerIfAsked() (admission's own entry, worker-main.ts, does; admissionWorkerEntry() is its bundle). */
  entry: URL;
  workers: number;
  /** Heap limit of each worker: a request that needs more fails alone. */
  maxHeapMb: number;
  /** A job still running this long after it was sent is cut by replacing its worker. */
  hardLimitMs: number;
}

/** The wait before respawning after the first start-up failure; each further one in a row doubles it. */
const FIRST_RESPAWN_DELAY_MS = 250;
/** Past this the pool keeps retrying at this pace: a fixed module (a redeploy) is picked up within it. */
const MAX_RESPAWN_DELAY_MS = 10_000;
/** Start-up failures in a row after which the workers are reported unavailable, once. */
const UNAVAILABLE_AFTER_FAILURES = 3;
/** The id of the probe each worker answers first: real jobs count from 1. */
const PROBE_ID = 0;

/** How long to wait before respawning a worker after `failuresInARow` start-up failures. */
export function respawnDelayMs(failuresInARow: number): number {
  if (failuresInARow <= 0) return 0;
  return Math.min(MAX_RESPAWN_DELAY_MS, FIRST_RESPAWN_DELAY_MS * 2 ** (failuresInARow - 1));
}

interface Pending {
  resolve: (decision: Decision) => void;
  reject: (error: Error) => void;
  /** Decides the job elsewhere when its worker dies before it ever started. */
  fallback: (() => Decision) | undefined;
  /** Set once the job is the one the worker is running (jobs run one at a time, in order). */
  timer?: NodeJS.Timeout;
}

class PooledWorker {
  readonly pending = new Map<number, Pending>();
  readonly worker: Worker;
  dead = false;
  /** Whether it has answered anything: its module loaded and runs. */
  started = false;

  constructor(
    private readonly options: PoolOptions,
    private readonly onExit: (w: PooledWorker, why: string) => void,
    onStarted: () => void,
    logger: Logger,
  ) {
    const workerData: AdmissionWorkerData = {
      platlintAdmissionWorker: true,
      admitOptions: options.admitOptions,
      validateConfig: options.validateConfig,
    };
    this.worker = new Worker(options.entry, {
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
      stdout: false,
      stderr: false,
    });
    this.worker.unref();
    this.worker.on('message', (message: FromWorker) => {
      if (!this.started) {
        this.started = true;
        onStarted();
      }
      if (message.type === 'state-built') {
        logger.log('info', 'admission.worker_state_built', { generation: message.generation, ms: message.ms });
        return;
      }
      const job = this.pending.get(message.id);
      if (!job) return;
      this.pending.delete(message.id);
      clearTimeout(job.timer);
      if (message.type === 'decided') job.resolve(message.decision);
      else job.reject(new Error(message.message));
      this.armHead();
    });
    this.worker.on('error', (error) => onExit(this, error.message));
    this.worker.on('exit', (code) => onExit(this, `exited with code ${code}`));
  }

  post(message: ToWorker, transfer: ArrayBuffer[] = []): void {
    this.worker.postMessage(message, transfer);
  }

  add(id: number, job: Pending): void {
    this.pending.set(id, job);
    this.armHead();
  }

  /** Times the job the worker runs now; the ones queued behind it wait without a clock. */
  private armHead(): void {
    const head = this.pending.values().next().value;
    if (!head || head.timer) return;
    head.timer = setTimeout(
      () => this.onExit(this, `a request ran past ${this.options.hardLimitMs} ms`),
      this.options.hardLimitMs,
    );
    head.timer.unref();
  }
}

/** Settles a job with what `decide` returns, or the error it throws. */
function settle(job: Pending, decide: () => Decision): void {
  try {
    job.resolve(decide());
  } catch (error) {
    job.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

export class AdmissionPool {
  private workers: PooledWorker[] = [];
  /** Workers in a row that died before answering; while above 0, only started workers get jobs. */
  private startFailures = 0;
  /** Slots waiting to respawn their worker, by index in `workers`. */
  private readonly respawns = new Map<number, NodeJS.Timeout>();
  private published: Extract<ToWorker, { type: 'state' }> | undefined;
  private publishedCrds: readonly JsonObject[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly options: PoolOptions,
    private readonly logger: Logger,
  ) {}

  private spawn(): PooledWorker {
    const w = new PooledWorker(
      this.options,
      (dead, why) => this.replace(dead, why),
      () => this.started(),
      this.logger,
    );
    if (this.published) w.post(this.published);
    if (this.publishedCrds.length > 0) w.post({ type: 'crds', crds: [...this.publishedCrds] });
    // An empty body is answered at once (with a refusal nobody reads): the answer shows the
    // worker's module loaded, without waiting for a real request to find out.
    w.post({ type: 'job', id: PROBE_ID, path: '/validate', generation: 0, body: new Uint8Array(0) });
    return w;
  }

  /** A worker answered: start-up works again, so the slots still waiting respawn now. */
  private started(): void {
    if (this.startFailures === 0) return;
    if (this.startFailures >= UNAVAILABLE_AFTER_FAILURES)
      this.logger.log('info', 'admission.worker_available', { afterFailures: this.startFailures });
    this.startFailures = 0;
    for (const [index, timer] of this.respawns) {
      clearTimeout(timer);
      this.respawnNow(index);
    }
  }

  private respawnNow(index: number): void {
    this.respawns.delete(index);
    if (!this.closed) this.workers[index] = this.spawn();
  }

  private replace(dead: PooledWorker, why: string): void {
    if (dead.dead) return;
    dead.dead = true;
    for (const job of dead.pending.values()) {
      clearTimeout(job.timer);
      // A worker that never started ran none of its jobs: they can still be decided elsewhere.
      if (!dead.started && job.fallback) settle(job, job.fallback);
      else job.reject(new Error(`the admission worker stopped (${why})`));
    }
    dead.pending.clear();
    void dead.worker.terminate();
    const index = this.workers.indexOf(dead);
    if (index === -1 || this.closed) return;
    if (dead.started) {
      this.logger.log('warn', 'admission.worker_replaced', { why });
      this.workers[index] = this.spawn();
      return;
    }
    this.startFailures += 1;
    const retryInMs = respawnDelayMs(this.startFailures);
    if (this.startFailures < UNAVAILABLE_AFTER_FAILURES)
      this.logger.log('warn', 'admission.worker_replaced', { why, startFailures: this.startFailures, retryInMs });
    else if (this.startFailures === UNAVAILABLE_AFTER_FAILURES)
      this.logger.log('error', 'admission.worker_unavailable', {
        why,
        startFailures: this.startFailures,
        // What an operator needs to know: nothing is refused, but heavy requests now share the probes' thread.
        meanwhile: 'requests are decided on the main thread',
        retryInMs,
        maxRetryInMs: MAX_RESPAWN_DELAY_MS,
      });
    else this.logger.log('debug', 'admission.worker_start_failed', { why, startFailures: this.startFailures, retryInMs });
    const timer = setTimeout(() => this.respawnNow(index), retryInMs);
    timer.unref();
    this.respawns.set(index, timer);
  }

  /**
   * The worker to give a job: the least busy of those known to run (any live one while none
   * has failed to start), or a new one when every worker has work (or there is none yet) and
   * the pool is not full. No new one while start-up fails: the respawns are paced instead.
   */
  private pick(): PooledWorker | undefined {
    let best: PooledWorker | undefined;
    for (const w of this.workers) {
      if (w.dead || (!w.started && this.startFailures > 0)) continue;
      if (!best || w.pending.size < best.pending.size) best = w;
    }
    const full = this.workers.length >= Math.max(1, this.options.workers);
    if ((best && best.pending.size === 0) || full || this.startFailures > 0) return best;
    const added = this.spawn();
    this.workers.push(added);
    this.logger.log('info', 'admission.worker_started', { workers: this.workers.length, of: Math.max(1, this.options.workers) });
    return added;
  }

  /** Hands a newly accepted state to every worker (and to the ones started later). */
  publish(generation: number, files: StateFile[]): void {
    this.published = { type: 'state', generation, files };
    for (const w of this.workers) if (!w.dead) w.post(this.published);
  }

  /**
   * Hands the CRDs /validate lints with to every worker, when they differ from the last ones
   * handed over (a state rebuilt for a namespace event keeps the same CRD objects). Called
   * before the job that must see them: a worker reads its messages in order.
   */
  publishCrds(crds: readonly JsonObject[]): void {
    if (sameCrds(crds, this.publishedCrds)) return;
    this.publishedCrds = crds;
    for (const w of this.workers) if (!w.dead) w.post({ type: 'crds', crds: [...crds] });
  }

  /**
   * Decides a request from its raw body: the worker parses, checks and answers it, so a
   * large body is never parsed (nor cloned as an object) on the main thread. An `owned`
   * body (memory nothing else holds; see readBody) moves to the worker without a copy and
   * is unusable here afterwards, unless the worker has yet to start. Undefined (the body
   * untouched) when no worker can take it now: the caller decides it itself. `fallback`
   * decides it if the worker it went to fails to start (the request fails otherwise).
   */
  run(
    path: AdmissionPath,
    generation: number,
    body: Uint8Array,
    owned = false,
    fallback?: () => Decision,
  ): Promise<Decision> | undefined {
    const worker = this.pick();
    if (!worker) return undefined;
    const id = this.nextId++;
    // readBody's buffers are plain ArrayBuffers, never shared memory. A worker that has not
    // answered yet gets a copy: its fallback may need the body.
    const bytes = owned && (worker.started || !fallback) ? body : new Uint8Array(body);
    return new Promise<Decision>((resolve, reject) => {
      worker.add(id, { resolve, reject, fallback });
      worker.post({ type: 'job', id, path, generation, body: bytes }, [bytes.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.respawns.values()) clearTimeout(timer);
    this.respawns.clear();
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
  }
}
