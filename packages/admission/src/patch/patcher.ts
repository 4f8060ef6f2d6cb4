// One mutation of a policy applied to the object: the evaluated expression turned into the
// next object by the mutation's patch type. Each patch type is one implementation of
// `Patcher`, chosen by the compiled mutation's type, as upstream's mutating/patch/interface.go
// (Patcher) has one for apply configurations (smd.go) and one for JSON patches (json_patch.go).
import type { EvaluateOptions } from '@platlint/cel';
import type { SchemaNode } from '@platlint/core';
import type { CompiledMutation } from '../evaluate/compile.js';
import type { Json } from '../json.js';
import { applyConfigurationPatcher } from './apply-configuration-patcher.js';
import { jsonPatcher } from './json-patcher.js';

/** What a patcher needs to run one mutation on one object. */
export interface PatchRequest {
  mutation: CompiledMutation;
  /** The object the mutation applies to (never changed in place). */
  object: Json;
  /** A bound on the object's size as JSON (jsonBytes), when one is known: see applyJsonPatch. */
  objectBytesAtMost?: number | undefined;
  /** The CEL activation, built when the expression first needs it. */
  activation: () => Record<string, unknown>;
  /** The authorizer, cost limit and deadline of the admission. */
  options: EvaluateOptions;
  /** The kind's schema, which merges and patches follow. */
  schema: SchemaNode;
  /** Built-in kinds decode strictly after a JSON patch. */
  strict: boolean;
}

export interface Patcher {
  /**
   * The object after the mutation. A policy-level failure is thrown as a StageError (its
   * failure policy decides), a refusal of the request whatever the policy as a StatusFailure.
   */
  patch(request: PatchRequest): Json;
}

const PATCHERS: Record<CompiledMutation['patchType'], Patcher> = {
  ApplyConfiguration: applyConfigurationPatcher,
  JSONPatch: jsonPatcher,
};

export function patcherFor(mutation: CompiledMutation): Patcher {
  return PATCHERS[mutation.patchType];
}
