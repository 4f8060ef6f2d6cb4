import { customVersionOf, defaultedValue, defineRule, validateCustomResource } from '@platlint/core';
import type { FieldPath, RuleContext, SchemaNode, ValidationRule } from '@platlint/core';
import { CRD_RULE_LIMITS, CelEvaluationError, crdValidationEnvironment, readsOldSelf, type CelEnvironment, type CelProgram } from '@platlint/cel';
import docs from './validation-rules.md';

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A compiled rule, or undefined when it does not compile (the definition is refused for it: `crd/validation-rules`). */
const compiled = new WeakMap<SchemaNode, Map<string, Compiled | undefined>>();

interface Compiled {
  env: CelEnvironment;
  program: CelProgram;
}

function programOf(node: SchemaNode, expression: string, message: boolean, transition: boolean): Compiled | undefined {
  let byText = compiled.get(node);
  if (!byText) compiled.set(node, (byText = new Map()));
  const key = `${message ? 'm' : 'r'}${transition ? 't' : ''}:${expression}`;
  if (byText.has(key)) return byText.get(key);
  const env = crdValidationEnvironment(node, { transition, message });
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
  /** An old value at a corresponding place exists (transition rules run only then). */
  correlated: boolean;
}

/**
 * Every value with rules, depth first, with its stored counterpart: object fields by name,
 * map values by key and list-map items by their keys correlate; items of other lists do not
 * (upstream's ratcheting and transition rules follow the same correlation).
 */
function places(node: SchemaNode, value: unknown, old: unknown, correlated: boolean, path: FieldPath, out: Place[]): Place[] {
  if (value === undefined || value === null) return out;
  if (node['x-kubernetes-validations']?.length) out.push({ node, path, value, old, correlated });
  if (Array.isArray(value) && node.items) {
    const keys = node['x-kubernetes-list-type'] === 'map' ? (node['x-kubernetes-list-map-keys'] ?? []) : undefined;
    const oldItems = correlated && Array.isArray(old) && keys ? old : [];
    value.forEach((item, i) => {
      const match = keys && isJson(item) ? oldItems.find((o) => isJson(o) && keys.every((k) => o[k] === item[k])) : undefined;
      places(node.items as SchemaNode, item, match, match !== undefined, [...path, i], out);
    });
  } else if (isJson(value)) {
    for (const [key, child] of Object.entries(value)) {
      const childNode = node.properties && Object.hasOwn(node.properties, key) ? node.properties[key] : node.additionalProperties;
      if (!childNode || (path.length === 0 && key === 'metadata')) continue;
      const oldChild = correlated && isJson(old) ? old[key] : undefined;
      places(childNode, child, oldChild, oldChild !== undefined, [...path, key], out);
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
    docs,
  },
  check(context: RuleContext) {
    const version = customVersionOf(context.schema);
    if (!version || !hasRules(version.schema)) return;
    // An object the schema refuses is not evaluated (upstream strategy.go hasBlockingErr).
    const { findings, stored } = validateCustomResource(version, context.value);
    if (findings.some((f) => f.ruleId === 'schema/type' || f.ruleId === 'schema/required' || f.ruleId === 'schema/enum' || f.ruleId === 'schema/length')) return;
    const oldStored = context.old ? (defaultedValue(version.schema, context.old.value) as Json) : undefined;
    let spent = 0;
    for (const place of places(version.schema, stored, oldStored, oldStored !== undefined, [], [])) {
      // Ratcheting: an unchanged value is not refused again.
      if (place.correlated && same(place.value, place.old)) continue;
      for (const rule of place.node['x-kubernetes-validations'] as ValidationRule[]) {
        const transition = readsOldSelf(rule.rule);
        if (transition && !place.correlated) continue;
        const compiledRule = programOf(place.node, rule.rule, false, transition);
        if (!compiledRule) continue;
        const { env, program } = compiledRule;
        const values = { self: place.value, ...(transition ? { oldSelf: place.old } : {}) };
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
        context.report({ path: [...place.path, ...(where ?? [])], message: messageOf(place, rule, transition) });
      }
    }
  },
});

function messageOf(place: Place, rule: ValidationRule, transition: boolean): string {
  const reason = rule.reason && rule.reason !== 'FieldValueInvalid' ? ` (${rule.reason})` : '';
  if (rule.messageExpression) {
    const compiledMessage = programOf(place.node, rule.messageExpression, true, transition);
    if (compiledMessage) {
      try {
        const text = compiledMessage.program.evaluate(compiledMessage.env.prepare({ self: place.value, ...(transition ? { oldSelf: place.old } : {}) }));
        // Upstream falls back to the static message when the expression gives nothing to say.
        if (typeof text === 'string' && text.trim() !== '' && !text.includes('\n')) return `${text}${reason}`;
      } catch {
        // The server then uses the static message, as below.
      }
    }
  }
  return `${rule.message ?? `failed rule: ${rule.rule}`}${reason}`;
}
