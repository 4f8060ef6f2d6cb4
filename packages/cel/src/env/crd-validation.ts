// The environment of a CustomResourceDefinition's validation rules (`x-kubernetes-validations`):
// `self` is the value at the rule's place, typed by the schema there, and `oldSelf` its stored
// value on an update (a transition rule). A rule with `optionalOldSelf: true` sees `oldSelf` as
// `optional<T>`: it runs on a create too, with `optional.none()`. Rules evaluate to bool; a
// `messageExpression` to a string. Upstream: apiextensions-apiserver pkg/apiserver/schema/cel compilation.go (Compile,
// with the per-rule estimated cost limit) and validation.go (the per-call and per-object runtime
// budgets below).
import { CelEnvironment, type CelLimits, type VariableDecl } from './environment.js';
import type { StructuralSchema } from '../schema.js';

/** Upstream's `celconfig`: the estimate a rule may reach, what one evaluation may spend, and all of an object's evaluations together. */
export const CRD_RULE_LIMITS = Object.freeze({ perRuleEstimate: 10_000_000, perCall: 1_000_000, perObject: 10_000_000 });

export interface CrdValidationOptions {
  /** The rule reads `oldSelf`: bind it too. */
  transition: boolean;
  /** The rule sets `optionalOldSelf: true`: `oldSelf` is `optional<T>` (upstream compilation.go prepareEnvSet, types.NewOptionalType). */
  optionalOldSelf?: boolean;
  /** The expression is a messageExpression (a string), not a rule (a bool). */
  message?: boolean;
  release?: string;
  limits?: Partial<CelLimits>;
}

export function crdValidationEnvironment(schema: StructuralSchema, options: CrdValidationOptions): CelEnvironment {
  const variables: VariableDecl[] = [
    { name: 'self', schema, description: 'the value at the rule’s place in the custom resource' },
  ];
  if (options.transition && options.optionalOldSelf) {
    variables.push({
      name: 'oldSelf',
      schema,
      optional: true,
      description: 'the stored value at the same place: optional.none() on a create or where there was none',
    });
  } else if (options.transition) {
    variables.push({ name: 'oldSelf', schema, description: 'the stored value at the same place, on an update' });
  }
  return new CelEnvironment(
    {
      variables,
      result: options.message ? { types: ['string'], describe: 'a string' } : { types: ['bool'], describe: 'bool' },
      release: options.release,
    },
    { maxEstimatedCost: CRD_RULE_LIMITS.perRuleEstimate, runtimeCostLimit: CRD_RULE_LIMITS.perCall, ...options.limits },
  );
}

/** True when an expression reads `oldSelf` (upstream decides it from the compiled references; a word test is the same for every expression that compiles). */
export function readsOldSelf(expression: string): boolean {
  return /(^|[^\w.])oldSelf\b/.test(expression);
}
