// Worker threads that run the admission work of the webhook (see admission-worker.ts).
// Each request goes to the least busy worker. A worker that runs far past the evaluation
// deadline, or dies (its heap limit reached), is replaced, and the requests it held fail
// with an error instead of taking the server down.
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

interface Pending {
  resolve: (decision: Decision) => void;
  reject: (error: Error) => void;
  /** Set once the job is the one the worker is running (jobs run one at a time, in order). */
  timer?: NodeJS.Timeout;
}

class PooledWorker {
  readonly pending = new Map<number, Pending>();
  readonly worker: Worker;
  dead = false;

  constructor(
    private readonly options: PoolOptions,
    private readonly onExit: (w: PooledWorker, why: string) => void,
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

export class AdmissionPool {
  private workers: PooledWorker[] = [];
  private published: Extract<ToWorker, { type: 'state' }> | undefined;
  private publishedCrds: readonly JsonObject[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly options: PoolOptions,
    private readonly logger: Logger,
  ) {
    for (let i = 0; i < Math.max(1, options.workers); i++) this.workers.push(this.spawn());
  }

  private spawn(): PooledWorker {
    const w = new PooledWorker(this.options, (dead, why) => this.replace(dead, why), this.logger);
    if (this.published) w.post(this.published);
    if (this.publishedCrds.length > 0) w.post({ type: 'crds', crds: [...this.publishedCrds] });
    return w;
  }

  private replace(dead: PooledWorker, why: string): void {
    if (dead.dead) return;
    dead.dead = true;
    for (const job of dead.pending.values()) {
      clearTimeout(job.timer);
      job.reject(new Error(`the admission worker stopped (${why})`));
    }
    dead.pending.clear();
    void dead.worker.terminate();
    const index = this.workers.indexOf(dead);
    if (index === -1 || this.closed) return;
    this.logger.log('warn', 'admission.worker_replaced', { why });
    this.workers[index] = this.spawn();
  }

  /** Hands a newly accepted state to every worker (and to the ones started later). */
  publish(generation: number, files: StateFile[]): void {
    this.published = { type: 'state', generation, files };
    for (const w of this.workers) w.post(this.published);
  }

  /**
   * Hands the CRDs /validate lints with to every worker, when they differ from the last ones
   * handed over (a state rebuilt for a namespace event keeps the same CRD objects). Called
   * before the job that must see them: a worker reads its messages in order.
   */
  publishCrds(crds: readonly JsonObject[]): void {
    if (sameCrds(crds, this.publishedCrds)) return;
    this.publishedCrds = crds;
    for (const w of this.workers) w.post({ type: 'crds', crds: [...crds] });
  }

  /**
   * Decides a request from its raw body: the worker parses, checks and answers it, so a
   * large body is never parsed (nor cloned as an object) on the main thread. An `owned`
   * body (memory nothing else holds; see readBody) moves to the worker without a copy and
   * is unusable here afterwards.
   */
  run(path: AdmissionPath, generation: number, body: Uint8Array, owned = false): Promise<Decision> {
    const worker = this.workers.reduce((best, w) => (w.pending.size < best.pending.size ? w : best));
    const id = this.nextId++;
    // readBody's buffers are plain ArrayBuffers, never shared memory.
    const bytes = owned ? body : new Uint8Array(body);
    return new Promise<Decision>((resolve, reject) => {
      worker.add(id, { resolve, reject });
      worker.post({ type: 'job', id, path, generation, body: bytes }, [bytes.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
  }
}
