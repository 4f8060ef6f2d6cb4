// The CEL rules of a CRD schema (x-kubernetes-validations) run on a value as the API server runs
// them (upstream apiextensions-apiserver pkg/apiserver/schema/cel validation.go Validator):
// each place with rules, depth first, its stored counterpart where one corresponds, transition
// rules and `optionalOldSelf`, ratcheting, and the per-call and per-object cost budgets. Used for
// custom resources (custom-resource/validation-rules) and for a CRD's defaults (crd/defaults).
import type { FieldPath, SchemaNode, ValidationRule } from '@platlint/core';
import {
  CRD_RULE_LIMITS,
  CelEvaluationError,
  crdValidationEnvironment,
  readsOldSelf,
  type CelEnvironment,
  type CelProgram,
} from '@platlint/cel';
import { isObject } from '../kit/objects.js';
import { parseValidationFieldPath } from '../kit/paths.js';

/** A compiled rule, or undefined when it does not compile (the definition is refused for it: `crd/validation-rules`). */
const compiled = new WeakMap<SchemaNode, Map<string, Compiled | undefined>>();

interface Compiled {
  env: CelEnvironment;
  program: CelProgram;
}

/** How a rule sees `oldSelf`: not at all, as the stored value, or as an optional of it (`optionalOldSelf: true`). */
type OldSelf = 'none' | 'plain' | 'optional';

function programOf(node: SchemaNode, expression: string, message: boolean, oldSelf: OldSelf): Compiled | undefined {
  let byText = compiled.get(node);
  if (!byText) compiled.set(node, (byText = new Map()));
  const key = `${message ? 'm' : 'r'}${oldSelf}:${expression}`;
  if (byText.has(key)) return byText.get(key);
  const env = crdValidationEnvironment(node, {
    transition: oldSelf !== 'none',
    optionalOldSelf: oldSelf === 'optional',
    message,
  });
  const result = env.compile(expression);
  const program = result.ok ? { env, program: result.program } : undefined;
  byText.set(key, program);
  return program;
}

/** One place with rules: the schema there, its value now, and the stored value it corresponds to (on an update). */
interface Place {
  node: SchemaNode;
  path: FieldPath;
  value: unknown;
  old: unknown;
  /** An old value at a corresponding place exists (transition rules run only then, unless they set optionalOldSelf). */
  correlated: boolean;
  /**
   * Errors of rules that do not read oldSelf are ratcheted here: the value equals its old one,
   * or, for a value matched to none (an item of a list that is not a list-map), its nearest
   * matched ancestor is unchanged (upstream validation.go ratchetingOptions.shouldRatchetError).
   */
  unchanged: boolean;
}

interface Walk {
  /** Errors of rules without oldSelf on unchanged values are let through (an update of a stored object). */
  ratchet: boolean;
  /** The value is a resource: its metadata is the server's, with no rules of the schema. */
  resourceRoot: boolean;
}

/**
 * Every value with rules, depth first, with its stored counterpart: object fields by name,
 * map values by key and list-map items by their keys correlate; items of other lists do not
 * (upstream's ratcheting and transition rules follow the same correlation).
 */
function places(
  node: SchemaNode,
  value: unknown,
  old: unknown,
  correlated: boolean,
  parentUnchanged: boolean,
  path: FieldPath,
  walk: Walk,
  out: Place[],
): Place[] {
  if (value === undefined || value === null) return out;
  const unchanged = walk.ratchet && (correlated ? same(value, old) : parentUnchanged);
  if (node['x-kubernetes-validations']?.length) out.push({ node, path, value, old, correlated, unchanged });
  if (Array.isArray(value) && node.items) {
    const keys = node['x-kubernetes-list-type'] === 'map' ? (node['x-kubernetes-list-map-keys'] ?? []) : undefined;
    const oldItems = correlated && Array.isArray(old) && keys ? old : [];
    value.forEach((item, i) => {
      const match = keys && isObject(item) ? oldItems.find((o) => isObject(o) && keys.every((k) => o[k] === item[k])) : undefined;
      places(node.items as SchemaNode, item, match, match !== undefined, unchanged, [...path, i], walk, out);
    });
  } else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      const childNode = node.properties && Object.hasOwn(node.properties, key) ? node.properties[key] : node.additionalProperties;
      if (!childNode || (path.length === 0 && key === 'metadata' && walk.resourceRoot)) continue;
      const oldChild = correlated && isObject(old) ? old[key] : undefined;
      // A null old value is no old value (upstream validateExpressions treats it as absent).
      places(childNode, child, oldChild, oldChild !== undefined && oldChild !== null, unchanged, [...path, key], walk, out);
    }
  }
  return out;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A rule the value fails, or could not be evaluated on, at its place (and fieldPath). */
export interface RuleFailure {
  path: FieldPath;
  message: string;
}

export interface EvaluationOptions {
  /** The stored value an update replaces; undefined on a create. */
  old?: unknown;
  /** Let errors through on unchanged values (an update of a stored object); upstream passes no correlation for defaults. */
  ratchet?: boolean;
  /** The value is a resource (a custom resource, an embedded one): its metadata has no rules. */
  resourceRoot?: boolean;
}

/** Every failure of the rules of `schema` on `value`. */
export function evaluateValidationRules(schema: SchemaNode, value: unknown, options: EvaluationOptions = {}): RuleFailure[] {
  const failures: RuleFailure[] = [];
  const walk = { ratchet: options.ratchet === true, resourceRoot: options.resourceRoot === true };
  let spent = 0;
  for (const place of places(
    schema,
    value,
    options.old,
    options.old !== undefined && options.old !== null,
    false,
    [],
    walk,
    [],
  )) {
    for (const rule of place.node['x-kubernetes-validations'] as ValidationRule[]) {
      const oldSelf = oldSelfOf(rule);
      // Ratcheting: an unchanged value is not refused again by a rule that does not read
      // oldSelf; a transition rule's error is never ratcheted (upstream validation.go addErr).
      if (oldSelf === 'none' && place.unchanged) continue;
      // A transition rule runs only where an old value corresponds, unless it takes oldSelf
      // as an optional (upstream validation.go validateExpressions, optionalOldSelfRule).
      if (oldSelf === 'plain' && !place.correlated) continue;
      const compiledRule = programOf(place.node, rule.rule, false, oldSelf);
      if (!compiledRule) continue;
      const { env, program } = compiledRule;
      const values = { self: place.value, ...(oldSelf !== 'none' ? { oldSelf: place.correlated ? place.old : undefined } : {}) };
      const budget = Math.min(CRD_RULE_LIMITS.perCall, CRD_RULE_LIMITS.perObject - spent);
      let outcome: unknown;
      try {
        outcome = program.evaluate(env.prepare(values), { costLimit: budget });
      } catch (error) {
        const reason =
          error instanceof CelEvaluationError && error.code === 'cost_limit_exceeded'
            ? 'ran out of its cost budget'
            : `failed to evaluate: ${error instanceof Error ? error.message : String(error)}`;
        failures.push({ path: place.path, message: `validation rule \`${rule.rule}\` ${reason}` });
        continue;
      } finally {
        spent += program.lastCost ?? 0;
      }
      if (outcome === true) continue;
      const where = rule.fieldPath ? parseValidationFieldPath(rule.fieldPath) : undefined;
      failures.push({ path: [...place.path, ...(where ?? [])], message: messageOf(place, rule, oldSelf) });
    }
  }
  return failures;
}

const withRules = new WeakMap<SchemaNode, boolean>();

/** Whether any place of a schema holds rules (most definitions have none: their objects need no second look). */
export function hasRules(node: SchemaNode, seen = new Set<SchemaNode>()): boolean {
  const known = withRules.get(node);
  if (known !== undefined) return known;
  if (seen.has(node)) return false;
  seen.add(node);
  const found =
    Boolean(node['x-kubernetes-validations']?.length) ||
    [...Object.values(node.properties ?? {}), node.items, node.additionalProperties].some(
      (child) => child !== undefined && hasRules(child, seen),
    );
  withRules.set(node, found);
  return found;
}

function oldSelfOf(rule: ValidationRule): OldSelf {
  if (!readsOldSelf(rule.rule)) return 'none';
  return rule.optionalOldSelf === true ? 'optional' : 'plain';
}

function messageOf(place: Place, rule: ValidationRule, ruleOldSelf: OldSelf): string {
  const reason = rule.reason && rule.reason !== 'FieldValueInvalid' ? ` (${rule.reason})` : '';
  const readsOld = rule.messageExpression !== undefined && readsOldSelf(rule.messageExpression);
  // Upstream evaluates a messageExpression with the rule's plain activation even when the rule
  // takes oldSelf as an optional (validation.go validateExpressions → evalMessageExpression with
  // `activation`): oldSelf is then unbound on a create and not an optional on an update, so a
  // messageExpression that reads it fails and the static message stands.
  const usable = !(ruleOldSelf === 'optional' && readsOld);
  if (rule.messageExpression && usable) {
    const messageOldSelf: OldSelf = ruleOldSelf === 'none' ? 'none' : 'plain';
    const compiledMessage = programOf(place.node, rule.messageExpression, true, messageOldSelf);
    if (compiledMessage) {
      try {
        const text = compiledMessage.program.evaluate(
          compiledMessage.env.prepare({ self: place.value, ...(messageOldSelf !== 'none' ? { oldSelf: place.old } : {}) }),
        );
        // Upstream falls back to the static message when the expression gives nothing to say.
        if (typeof text === 'string' && text.trim() !== '' && !text.includes('\n')) return `${text}${reason}`;
      } catch {
        // The server then uses the static message, as below.
      }
    }
  }
  return `${rule.message ?? `failed rule: ${rule.rule}`}${reason}`;
}
