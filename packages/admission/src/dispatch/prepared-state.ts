// What the engine derives from a loaded state and keeps for every request that state serves:
// one object per state, built when the state first admits a request and dropped with it.
// Its tables are bounded, as their keys come from requests.
import { selectsByObject } from '../match/matcher.js';
import { kindFacts, type KindFacts } from '../state/kinds.js';
import type { State } from '../state/state.js';
import type { GroupVersionKind } from '../types.js';
import type { Invocation } from './invocation-selection.js';
import { keepBounded } from '@platlint/core';

const MAX_MATCHED_REQUESTS = 1024;
const MAX_KINDS = 512;

export class PreparedState {
  /** Whether any criteria of the state select by object labels (matching then reads the object). */
  readonly selectsByObject: boolean;
  /** What matching gave a request, by its attributes (see invocation-selection.ts, matchedKey). */
  private readonly matched = new Map<string, readonly Invocation[]>();
  /** Kind facts by kind: looking them up in the catalog (or the CRDs) showed in profiles for every invocation. */
  private readonly facts = new Map<string, KindFacts | undefined>();

  constructor(readonly state: State) {
    this.selectsByObject =
      state.policies.some((p) => selectsByObject(p.spec.matchConstraints)) ||
      state.bindings.some((b) => b.spec.matchResources !== undefined && selectsByObject(b.spec.matchResources));
  }

  matchedInvocations(key: string): readonly Invocation[] | undefined {
    return this.matched.get(key);
  }

  rememberMatched(key: string, invocations: readonly Invocation[]): void {
    keepBounded(this.matched, MAX_MATCHED_REQUESTS, key, invocations);
  }

  kindFacts(gvk: GroupVersionKind): KindFacts | undefined {
    const key = `${gvk.group}/${gvk.version}/${gvk.kind}`;
    if (this.facts.has(key)) return this.facts.get(key);
    return keepBounded(this.facts, MAX_KINDS, key, kindFacts(this.state, gvk));
  }
}

const prepared = new WeakMap<State, PreparedState>();

/** The prepared form of a state, built once. */
export function preparedState(state: State): PreparedState {
  let p = prepared.get(state);
  if (!p) prepared.set(state, (p = new PreparedState(state)));
  return p;
}
