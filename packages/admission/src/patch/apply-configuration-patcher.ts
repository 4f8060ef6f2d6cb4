// The apply-configuration patch type: the expression's `Object{...}` merged into the object by
// the schema's list and map semantics (merge/apply-configuration.ts), as upstream's
// mutating/patch/smd.go (applyConfigPatcher.Patch) applies it with structured merge.
import { celTypeOf } from '@platlint/cel';
import { StageError } from '../evaluate/failures.js';
import { isObject, shallowCopy, type Json, type JsonObject } from '../json.js';
import { ApplyConfigurationError, mergeApplyConfiguration } from '../merge/apply-configuration.js';
import { isConstantValue, mutationValue } from './mutation-value.js';
import type { Patcher, PatchRequest } from './patcher.js';
import { checkTypeNames } from './type-names.js';

/** A constructed `Object{...}` only: a map read from `object` is not an apply configuration. */
function checkApplyConfiguration(value: unknown): unknown {
  const type = celTypeOf(value);
  if (type !== 'Object') throw new StageError('result-type', `an apply configuration must evaluate to Object, got ${type}`);
  checkTypeNames(value, 'Object');
  return value;
}

export const applyConfigurationPatcher: Patcher = {
  patch(request: PatchRequest): Json {
    const { mutation, object, schema } = request;
    const result = mutationValue(request, checkApplyConfiguration);
    if (!isObject(result))
      throw new StageError(
        'result-type',
        `apply configuration must evaluate to Object, got ${Array.isArray(result) ? 'a list' : typeof result}`,
      );
    // The configuration is of the object's own kind.
    const config: JsonObject = shallowCopy(result);
    if (isObject(object)) {
      if (object.apiVersion !== undefined) config.apiVersion = object.apiVersion;
      if (object.kind !== undefined) config.kind = object.kind;
    }
    try {
      // A constant mutation's value is the same object every time: its checks are remembered.
      return mergeApplyConfiguration(object, config, schema, isConstantValue(mutation, result) ? result : undefined);
    } catch (e) {
      if (e instanceof ApplyConfigurationError) throw new StageError('merge', e.message, { cause: e });
      throw e;
    }
  },
};
