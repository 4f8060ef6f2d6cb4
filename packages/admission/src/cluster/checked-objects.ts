// Policies and bindings read from the API pass the same loading checks as files: the state
// loader's. One that fails them is reported once and left out, as the API server would
// never have stored it. Results are kept per object version (the sources hand out the same
// frozen object until it changes), so a re-list does not check everything again.
import { stateFromObjects } from '../state/load.js';
import type { LoadProblem } from '../state/state.js';
import { metadataString, type JsonObject } from '../json.js';

interface Checked {
  accepted: JsonObject | undefined;
  problems: readonly LoadProblem[];
}

export class ObjectChecker {
  private readonly results = new WeakMap<JsonObject, Checked>();

  constructor(private readonly reportRejected: (object: string, problems: readonly LoadProblem[]) => void) {}

  /** The objects that pass, and the problems of those that do not. */
  check(objects: readonly JsonObject[]): { accepted: JsonObject[]; problems: LoadProblem[] } {
    const accepted: JsonObject[] = [];
    const problems: LoadProblem[] = [];
    for (const object of objects) {
      let result = this.results.get(object);
      if (!result) {
        const name = `${String(object.kind)}/${metadataString(object, 'name')}`;
        const loaded = stateFromObjects([object], `cluster:${name}`);
        const kept = loaded.policies[0]?.object ?? loaded.bindings[0]?.object;
        result = { accepted: kept, problems: loaded.problems };
        this.results.set(object, result);
        if (!kept) this.reportRejected(name, loaded.problems);
      }
      if (result.accepted) accepted.push(result.accepted);
      problems.push(...result.problems);
    }
    return { accepted, problems };
  }
}
