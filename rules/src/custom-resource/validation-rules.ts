import { customVersionOf, defaultedValue, defineRule, validateCustomResource } from '@platlint/core';
import type { FieldPath, RuleContext, SchemaNode, ValidationRule } from '@platlint/core';
import { CRD_RULE_LIMITS, CelEvaluationError, crdValidationEnvironment, readsOldSelf, type CelEnvironment, type CelProgram } from '@platlint/cel';

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

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
  const env = crdValidationEnvironment(node, { transition: oldSelf !== 'none', optionalOldSelf: oldSelf === 'optional', message });
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

/**
 * Every value with rules, depth first, with its stored counterpart: object fields by name,
 * map values by key and list-map items by their keys correlate; items of other lists do not
 * (upstream's ratcheting and transition rules follow the same correlation).
 */
function places(node: SchemaNode, value: unknown, old: unknown, correlated: boolean, parentUnchanged: boolean, path: FieldPath, out: Place[]): Place[] {
  if (value === undefined || value === null) return out;
  const unchanged = correlated ? same(value, old) : parentUnchanged;
  if (node['x-kubernetes-validations']?.length) out.push({ node, path, value, old, correlated, unchanged });
  if (Array.isArray(value) && node.items) {
    const keys = node['x-kubernetes-list-type'] === 'map' ? (node['x-kubernetes-list-map-keys'] ?? []) : undefined;
    const oldItems = correlated && Array.isArray(old) && keys ? old : [];
    value.forEach((item, i) => {
      const match = keys && isJson(item) ? oldItems.find((o) => isJson(o) && keys.every((k) => o[k] === item[k])) : undefined;
      places(node.items as SchemaNode, item, match, match !== undefined, unchanged, [...path, i], out);
    });
  } else if (isJson(value)) {
    for (const [key, child] of Object.entries(value)) {
      const childNode = node.properties && Object.hasOwn(node.properties, key) ? node.properties[key] : node.additionalProperties;
      if (!childNode || (path.length === 0 && key === 'metadata')) continue;
      const oldChild = correlated && isJson(old) ? old[key] : undefined;
      // A null old value is no old value (upstream validateExpressions treats it as absent).
      places(childNode, child, oldChild, oldChild !== undefined && oldChild !== null, unchanged, [...path, key], out);
    }
  }
  return out;
}

/** `fieldPath` of a rule: `.a.b`, `.list[0]`, `['a.b']`, relative to the rule's place. */
function parseFieldPath(text: string): FieldPath | undefined {
  const out: (string | number)[] = [];
  const token = /\.([A-Za-z_][\w-]*)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]/y;
  let at = 0;
  while (at < text.length) {
    token.lastIndex = at;
    const m = token.exec(text);
    if (!m) return undefined;
    out.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : (m[3] as string).replace(/\\(.)/g, '$1')));
    at = token.lastIndex;
  }
  return out;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

const withRules = new WeakMap<SchemaNode, boolean>();

/** Whether any place of a schema holds rules (most definitions have none: their objects need no second look). */
function hasRules(node: SchemaNode, seen = new Set<SchemaNode>()): boolean {
  const known = withRules.get(node);
  if (known !== undefined) return known;
  if (seen.has(node)) return false;
  seen.add(node);
  const found = Boolean(node['x-kubernetes-validations']?.length) || [...Object.values(node.properties ?? {}), node.items, node.additionalProperties].some((child) => child !== undefined && hasRules(child, seen));
  withRules.set(node, found);
  return found;
}

export default defineRule({
  meta: {
    id: 'custom-resource/validation-rules',
    description: "A custom resource satisfies the CEL validation rules (x-kubernetes-validations) of its definition's schema.",
    kinds: '*',
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (apiextensions-apiserver pkg/apiserver/schema/cel validation.go; pkg/registry/customresource strategy.go)',
    docs: [
      'A CustomResourceDefinition may attach CEL rules to any place of its schema',
      '(`x-kubernetes-validations`). On every write the server evaluates each rule with `self` bound to',
      'the value there, after defaulting, and refuses the object when one evaluates to false. The finding',
      "says the rule's `message` (or the result of its `messageExpression`, or the rule itself), and sits",
      'at its `fieldPath` when it has one.',
      '',
      'Transition rules, which read `oldSelf`, run only on an update of a value that existed before: lint',
      'with `--old` and the stored objects to check them. A rule with `optionalOldSelf: true` runs on a',
      'create too: its `oldSelf` is an optional, `optional.none()` where no old value exists, so it reads',
      '`!oldSelf.hasValue() || self >= oldSelf.value()`. On an update, a value that did not change is not',
      'refused again even if it now fails a rule that does not read `oldSelf` (ratcheting, on by default',
      'since release 1.33); a transition rule is always applied.',
      '',
      'The rules run only on an object that passes its schema: a wrong type, a missing required field or',
      'a value outside an enum is reported by the `schema/*` checks instead (the server does the same).',
      'A rule that does not compile is refused with its definition, and is skipped here. One evaluation',
      'may spend a cost of 1,000,000 and all of an object\'s evaluations 10,000,000; a rule that runs',
      'out is an error, as on the server.',
      '',
      'Fails (with a definition whose `spec` has the rule `self.minReplicas <= self.replicas`):',
      '',
      '```yaml',
      'apiVersion: example.com/v1',
      'kind: Widget',
      'metadata: {name: w}',
      'spec: {replicas: 1, minReplicas: 3}',
      '```',
    ].join('\n'),
  },
  check(context: RuleContext) {
    const version = customVersionOf(context.schema);
    if (!version || !hasRules(version.schema)) return;
    // An object the schema refuses is not evaluated (upstream strategy.go hasBlockingErr).
    const { findings, stored } = validateCustomResource(version, context.value);
    if (findings.some((f) => f.ruleId === 'schema/type' || f.ruleId === 'schema/required' || f.ruleId === 'schema/enum' || f.ruleId === 'schema/length')) return;
    const oldStored = context.old ? (defaultedValue(version.schema, context.old.value) as Json) : undefined;
    let spent = 0;
    for (const place of places(version.schema, stored, oldStored, oldStored !== undefined, false, [], [])) {
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
          const reason = error instanceof CelEvaluationError && error.code === 'cost_limit_exceeded' ? 'ran out of its cost budget' : `failed to evaluate: ${error instanceof Error ? error.message : String(error)}`;
          context.report({ path: place.path, message: `validation rule \`${rule.rule}\` ${reason}` });
          continue;
        } finally {
          spent += program.lastCost ?? 0;
        }
        if (outcome === true) continue;
        const where = rule.fieldPath ? parseFieldPath(rule.fieldPath) : undefined;
        context.report({ path: [...place.path, ...(where ?? [])], message: messageOf(place, rule, oldSelf) });
      }
    }
  },
});

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
        const text = compiledMessage.program.evaluate(compiledMessage.env.prepare({ self: place.value, ...(messageOldSelf !== 'none' ? { oldSelf: place.old } : {}) }));
        // Upstream falls back to the static message when the expression gives nothing to say.
        if (typeof text === 'string' && text.trim() !== '' && !text.includes('\n')) return `${text}${reason}`;
      } catch {
        // The server then uses the static message, as below.
      }
    }
  }
  return `${rule.message ?? `failed rule: ${rule.rule}`}${reason}`;
}
