// Where an admission request is decided. The common request (a few KB, cheap policies or
// none) costs tens of microseconds to decide; handing it to a worker costs more than that
// (a message each way, a thread wake-up, on a pod with one CPU a context switch), so the
// main thread decides it itself. What could hold the event loop goes to a worker:
//
// - a body over `maxBodyBytes`: parsing it alone takes time, and the worker parses it from
//   the raw bytes;
// - /validate: linting costs milliseconds even for a small object and cannot be cut short;
// - a /mutate decision that runs past `sliceMs`: it is run with that deadline here, and if
//   a policy failed once the slice was over (the deadline may have cut it), its answer is
//   dropped and the worker decides from scratch with the full evaluation timeout (the
//   engine has no side effects, so nothing is lost but the slice). Requests of the same
//   resource and operation then go straight to a worker for a while (`CostlyRequests`), so
//   a costly policy does not take a slice per request.
//
// The event loop is therefore never held much longer than a slice by admission work, and
// /healthz answers meanwhile.
import type { State } from '../state/state.js';
import {
  decideReviewed,
  readRequest,
  type AdmissionPath,
  type Decision,
  type DecisionSettings,
  type ReviewedRequest,
} from './decision.js';
import { keepBounded } from '@platlint/core';

interface RouterLimits {
  /** Bodies up to this size may be decided on the main thread. */
  maxBodyBytes: number;
  /** Longest a decision may hold the main thread before it is handed to a worker. */
  sliceMs: number;
  /** Worker decisions of a costly resource and operation before the main thread tries again. */
  retryAfter: number;
}

/**
 * Measured in process (CPU time, one core): a 4 KB Deployment through three mutating policies
 * costs ~35 µs to decide, parsing included (test/bench/admit.bench.mjs), and ~60 µs more
 * through a worker; parsing 64 KiB
 * of JSON ~0.3 ms; linting 64 KiB of unknown fields 130–290 ms. A slice of 10 ms is far above
 * the common decision and far below the 100 ms a probe may wait. Only a policy failure
 * after the slice hands a decision over, so a thread preempted on a busy machine does not.
 */
const DEFAULT_ROUTER_LIMITS: RouterLimits = { maxBodyBytes: 64 * 1024, sliceMs: 10, retryAfter: 256 };

/** Why a request is decided where it is: the label of platlint_webhook_decisions_total. */
type Route = 'main' | 'validate' | 'large_body' | 'over_slice' | 'known_costly';

/** The engine's deadline reads `Date.now()`, a coarser clock than ours: a margin covers the difference. */
const CLOCK_MARGIN_MS = 2;

/** Bound on remembered keys: they come from requests. */
const MAX_COSTLY_KEYS = 256;

/**
 * Resources and operations whose decisions recently ran past the slice, per state: a
 * reload can change which policies match, so it starts over.
 */
class CostlyRequests {
  private state: State | undefined;
  private readonly remaining = new Map<string, number>();

  constructor(private readonly retryAfter: number) {}

  static keyOf(request: ReviewedRequest): string {
    const r = request.resource;
    return `${r.group}\u0000${r.version}\u0000${r.resource}\u0000${request.subResource ?? ''}\u0000${request.operation}`;
  }

  /** Whether requests like this one go to a worker; each time it answers yes counts towards a retry here. */
  costly(state: State | undefined, request: ReviewedRequest): boolean {
    this.forOlderState(state);
    // Usually nothing is remembered: then no key is built.
    if (this.remaining.size === 0) return false;
    const key = CostlyRequests.keyOf(request);
    const left = this.remaining.get(key);
    if (left === undefined) return false;
    if (left <= 1) this.remaining.delete(key);
    else this.remaining.set(key, left - 1);
    return true;
  }

  remember(state: State | undefined, request: ReviewedRequest): void {
    this.forOlderState(state);
    keepBounded(this.remaining, MAX_COSTLY_KEYS, CostlyRequests.keyOf(request), this.retryAfter);
  }

  private forOlderState(state: State | undefined): void {
    if (state === this.state) return;
    this.state = state;
    this.remaining.clear();
  }
}

/**
 * A deadline that cuts an expression always shows as a policy failure (denied, or ignored
 * under failurePolicy Ignore). Without one, the answer stands however long it took: a
 * thread preempted on a busy machine must not send cheap work to the workers.
 */
function failedSomewhere(decision: Decision): boolean {
  return (
    decision.type === 'answer' && decision.outcomes.some(([, , outcome]) => outcome === 'denied' || outcome === 'ignored_error')
  );
}

type RouteOutcome = { route: 'main'; decision: Decision } | { route: Exclude<Route, 'main'> };

export class DecisionRouter {
  private readonly costly: CostlyRequests;
  private readonly sliced: DecisionSettings;
  /** The slice is the whole evaluation timeout: what the deadline cuts is the answer. */
  private readonly sliceIsFinal: boolean;

  constructor(
    private readonly settings: DecisionSettings,
    private readonly limits: RouterLimits = DEFAULT_ROUTER_LIMITS,
  ) {
    this.costly = new CostlyRequests(limits.retryAfter);
    const timeoutMs = settings.admitOptions.timeoutMs ?? Number.POSITIVE_INFINITY;
    this.sliceIsFinal = timeoutMs <= limits.sliceMs;
    this.sliced = { ...settings, admitOptions: { ...settings.admitOptions, timeoutMs: Math.min(timeoutMs, limits.sliceMs) } };
  }

  /** Decides the request here if it is small and cheap; otherwise says why a worker should. */
  tryHere(path: AdmissionPath, body: Uint8Array, state: State | undefined): RouteOutcome {
    if (path === '/validate') return { route: 'validate' };
    if (body.byteLength > this.limits.maxBodyBytes) return { route: 'large_body' };
    const started = performance.now();
    const read = readRequest(body);
    if (!('request' in read)) return { route: 'main', decision: read };
    if (this.costly.costly(state, read.request)) return { route: 'known_costly' };
    const decision = decideReviewed(path, read, state, this.sliced);
    if (!this.sliceIsFinal && failedSomewhere(decision) && performance.now() - started >= this.limits.sliceMs - CLOCK_MARGIN_MS) {
      // The deadline may have cut an expression: the answer could differ from the real one.
      this.costly.remember(state, read.request);
      return { route: 'over_slice' };
    }
    return { route: 'main', decision };
  }
}
