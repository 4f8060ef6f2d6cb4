// Runtime bound on an evaluation. The base library has no cost hook, so every loop and
// library function we own charges the budget of the evaluation in progress. Evaluation
// is synchronous, so one active budget per call stack is enough.
import { EvaluationError } from '@marcbachmann/cel-js';

export class CostLimitError extends EvaluationError {
  constructor(message: string) {
    super({ code: 'cost_limit_exceeded', message });
  }
}

const DEADLINE_CHECK_INTERVAL = 512;

export class Budget {
  #remaining: number;
  #sinceClock = 0;
  constructor(
    public limit: number,
    public deadline?: number,
  ) {
    this.#remaining = limit;
  }

  /** Start over for another evaluation; programs reuse one budget instead of allocating. */
  reset(limit: number, deadline: number | undefined): void {
    this.limit = limit;
    this.deadline = deadline;
    this.#remaining = limit;
    this.#sinceClock = 0;
  }

  get used(): number {
    return this.limit - this.#remaining;
  }

  charge(units: number): void {
    this.#remaining -= units;
    if (this.#remaining < 0) {
      throw new CostLimitError(`operation cancelled: actual cost limit exceeded (limit ${this.limit})`);
    }
    // The clock is read once per DEADLINE_CHECK_INTERVAL units, not on every charge.
    if (this.deadline !== undefined) {
      this.#sinceClock += units;
      if (this.#sinceClock >= DEADLINE_CHECK_INTERVAL) {
        this.#sinceClock = 0;
        if (Date.now() > this.deadline) throw new CostLimitError('operation cancelled: evaluation deadline exceeded');
      }
    }
  }
}

let active: Budget | null = null;

export function charge(units: number): void {
  if (active) active.charge(units);
}

export function enterBudget(budget: Budget): Budget | null {
  const previous = active;
  active = budget;
  return previous;
}

export function leaveBudget(previous: Budget | null): void {
  active = previous;
}
