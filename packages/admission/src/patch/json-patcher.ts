// The JSON-patch patch type: the expression's list of `JSONPatch{...}` applied to the object
// (merge/json-patch.ts), then, for a built-in kind, decoded strictly as the server decodes it,
// as upstream's mutating/patch/json_patch.go (jsonPatcher.Patch) does.
import { celTypeOf } from '@platlint/cel';
import { StageError, StatusFailure } from '../evaluate/failures.js';
import { isObject, type Json } from '../json.js';
import {
  applyJsonPatch,
  JsonPatchError,
  JsonPatchTestFailed,
  MAX_PATCHED_BYTES,
  type JsonPatchOperation,
} from '../merge/json-patch.js';
import { newMistypedFields, newUnknownFields } from '../merge/strict-decode.js';
import { mutationValue } from './mutation-value.js';
import type { Patcher, PatchRequest } from './patcher.js';
import { checkTypeNames } from './type-names.js';

/** A list of `JSONPatch{...}` values only. */
function checkJsonPatch(value: unknown): unknown {
  if (!Array.isArray(value))
    throw new StageError('result-type', `a JSON patch must evaluate to list(JSONPatch), got ${celTypeOf(value)}`);
  value.forEach((item, i) => {
    const type = celTypeOf(item);
    if (type !== 'JSONPatch')
      throw new StageError('result-type', `a JSON patch must evaluate to list(JSONPatch), got ${type} at index ${i}`);
    // A value built as `Object.<path>{...}` is checked below its own name, as upstream does;
    // the name itself is not held against the patch's path, nor are objects inside a list.
    const patchValue = item instanceof Map ? (item as Map<string, unknown>).get('value') : undefined;
    const valueType = patchValue === undefined ? '' : celTypeOf(patchValue);
    if (valueType.startsWith('Object')) checkTypeNames(patchValue, valueType);
  });
  return value;
}

function toOperations(result: Json | undefined): JsonPatchOperation[] {
  if (!Array.isArray(result)) throw new StageError('result-type', 'JSON patch expression must evaluate to a list of JSONPatch');
  return result.map((item, i) => {
    if (!isObject(item) || typeof item.op !== 'string' || typeof item.path !== 'string')
      throw new StageError('patch', `JSON Patch: operation ${i} needs op and path`);
    const op: JsonPatchOperation = { op: item.op, path: item.path };
    // `from` only when non-empty and `value` only when set, as upstream builds the patch.
    if (typeof item.from === 'string' && item.from !== '') op.from = item.from;
    if (item.value !== undefined) op.value = item.value;
    return op;
  });
}

export const jsonPatcher: Patcher = {
  patch(request: PatchRequest): Json {
    const { object, schema } = request;
    const operations = toOperations(mutationValue(request, checkJsonPatch));
    let patched: Json;
    try {
      patched = applyJsonPatch(object, operations, MAX_PATCHED_BYTES, request.objectBytesAtMost);
    } catch (e) {
      // A failed test drops this mutation's whole patch; it is not an error.
      if (e instanceof JsonPatchTestFailed) return object;
      if (e instanceof JsonPatchError) throw new StageError('patch', `JSON Patch: ${e.message}`, { cause: e });
      throw e;
    }
    if (request.strict && patched !== object) {
      // A value of the wrong type stops the decoder before strictness is looked at.
      const mistyped = newMistypedFields(object, patched, schema);
      if (mistyped.length > 0) throw new StatusFailure(`decoding error: ${mistyped.join(', ')}`, 500, 'InternalError', 'patch');
      const unknown = newUnknownFields(object, patched, schema);
      if (unknown.length > 0)
        throw new StatusFailure(
          `strict decoding error: ${unknown.map((f) => `unknown field "${f}"`).join(', ')}`,
          500,
          'InternalError',
          'patch',
        );
    }
    return patched;
  },
};
