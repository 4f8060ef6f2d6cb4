import { defineRule, isJsonObject, toSchemaNode } from '@platlint/core';
import type { FieldPath, MessageRef, RuleContext, SchemaNode } from '@platlint/core';
import { CRD_RULE_LIMITS, crdValidationEnvironment, readsOldSelf } from '@platlint/cel';
import { type SchemaPlace, schemaPlaces } from './schema-walk.js';
import { CRD } from './shape.js';
import { versionSchemas } from './version-schemas.js';
import type { Obj } from '../kit/objects.js';
import { parseValidationFieldPath, upstreamPathText } from '../kit/paths.js';
import { refusedByServer, spanIn } from '../kit/cel.js';
import docs from './validation-rules.md';

/** Upstream StaticEstimatedCRDCostLimit: the estimated cost of all rules of one version's schema. */
export const CRD_TOTAL_COST_LIMIT = 100_000_000;
const REASONS = ['FieldValueInvalid', 'FieldValueForbidden', 'FieldValueRequired', 'FieldValueDuplicate'];
const NEWLINE = /[\n\r]/;

export default defineRule({
  meta: {
    id: 'crd/validation-rules',
    description:
      'Every x-kubernetes-validations rule of a CRD compiles where it stands, within the cost limits, with a valid message, reason and fieldPath.',
    kinds: [CRD],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'upstream (apiextensions-apiserver pkg/apis/apiextensions/validation validation.go ValidateCustomResourceDefinitionOpenAPISchema, getExpressionCost, StaticEstimatedCostLimit and StaticEstimatedCRDCostLimit; pkg/apiserver/schema/cel compilation.go Compile)',
    docs,
    messages: {
      emptyRule: 'the rule is empty: write a CEL expression that is true for a valid value',
      blank: 'must not be blank when set',
      lineBreaks: 'must not contain line breaks',
      messageForMultiline: 'is required when the rule spans several lines',
      badReason: '"{{reason}}" is not a reason: use {{reasons}}',
      fieldPathNotFound: '"{{fieldPath}}" names no field of the schema where the rule stands',
      schemaCostOverLimit:
        'the estimated cost of all x-kubernetes-validations rules of this schema is {{total}}, {{factor}} the limit of {{limit}} for one version; the costliest: {{top}}. Add maxItems, maxProperties and maxLength where lists, maps and strings are declared',
      ruleCostOverLimit:
        'the estimated cost of rule `{{text}}` is {{cost}}{{times}}, {{factor}} the per-rule limit of {{limit}}; add maxItems, maxProperties and maxLength where lists, maps and strings are declared',
      oldSelfUncorrelatable:
        'rule `{{text}}` reads oldSelf, but no stored value corresponds to a value here: it stands under {{where}} of the schema, whose entries are not matched across updates (only list-map items and fields of granular maps are)',
      optionalOldSelfWithoutOldSelf: 'may be set only on a rule that reads oldSelf',
      messageCostOverLimit:
        'the estimated cost of messageExpression `{{messageExpression}}` is {{messageCost}}, {{factor}} the limit of {{limit}}',
      doesNotCompile: '{{what}} `{{expression}}` does not compile: {{message}}',
    },
  },
  check(context) {
    for (const { raw, path, problems } of versionSchemas(context.value)) {
      if (problems.length) continue;
      const costs: { path: FieldPath; cost: number }[] = [];
      for (const place of schemaPlaces(raw, path)) {
        const rules = place.raw['x-kubernetes-validations'];
        if (place.junctor || !Array.isArray(rules)) continue;
        rules.forEach((rule: unknown, i) => {
          if (isJsonObject(rule)) checkRule(context, place, rule, [...place.path, 'x-kubernetes-validations', i], path, costs);
        });
      }
      const total = costs.reduce((sum, c) => sum + c.cost, 0);
      if (total > CRD_TOTAL_COST_LIMIT) {
        const top = [...costs]
          .sort((a, b) => b.cost - a.cost)
          .slice(0, 3)
          .map((c) => `${upstreamPathText(c.path.slice(path.length))} (${c.cost.toLocaleString('en-US')})`);
        context.report({
          path,
          target: 'key',
          messageId: 'schemaCostOverLimit',
          data: {
            total: total.toLocaleString('en-US'),
            factor: factor(total, CRD_TOTAL_COST_LIMIT),
            limit: CRD_TOTAL_COST_LIMIT.toLocaleString('en-US'),
            top: top.join(', '),
          },
        });
      }
    }
  },
});

function checkRule(
  context: RuleContext,
  place: SchemaPlace,
  rule: Obj,
  at: FieldPath,
  schemaPath: FieldPath,
  costs: { path: FieldPath; cost: number }[],
): void {
  const text = typeof rule.rule === 'string' ? rule.rule : '';
  const message = typeof rule.message === 'string' ? rule.message : undefined;
  const messageExpression = typeof rule.messageExpression === 'string' ? rule.messageExpression : undefined;
  const fieldPath = typeof rule.fieldPath === 'string' ? rule.fieldPath : undefined;
  let valid = true;
  const problem = (field: string, text: MessageRef, missing = false): void => {
    valid = false;
    if (missing) context.reportMissing([...at, field], text);
    else context.report({ path: [...at, field], ...text });
  };
  if (text.trim() === '') problem('rule', { messageId: 'emptyRule' }, rule.rule === undefined);
  else if (message !== undefined && message.trim() === '') problem('message', { messageId: 'blank' });
  else if (message !== undefined && NEWLINE.test(message.trim())) problem('message', { messageId: 'lineBreaks' });
  else if (NEWLINE.test(text.trim()) && (message ?? '').trim() === '')
    problem('message', { messageId: 'messageForMultiline' }, true);
  if (messageExpression !== undefined && messageExpression.trim() === '') problem('messageExpression', { messageId: 'blank' });
  if (typeof rule.reason === 'string' && !REASONS.includes(rule.reason))
    problem('reason', { messageId: 'badReason', data: { reason: rule.reason, reasons: REASONS.join(', ') } });
  if (fieldPath !== undefined) {
    if (fieldPath.trim() === '') problem('fieldPath', { messageId: 'blank' });
    else if (NEWLINE.test(fieldPath)) problem('fieldPath', { messageId: 'lineBreaks' });
    else if (!fieldPathResolves(place.raw, fieldPath))
      problem('fieldPath', { messageId: 'fieldPathNotFound', data: { fieldPath } });
  }
  if (!valid) return;
  const schema = celSchemaOf(place);
  const transition = readsOldSelf(text);
  // Upstream compiles a rule with `optionalOldSelf: true`, and its messageExpression, with
  // `oldSelf` typed optional(T) (compilation.go Compile, prepareEnvSet).
  const optionalOldSelf = rule.optionalOldSelf === true;
  const compiled = compile(context, schema, text, { transition, optionalOldSelf, message: false }, [...at, 'rule']);
  if (compiled !== undefined) {
    const cost = compiled * (place.cardinality ?? 1);
    costs.push({ path: [...at, 'rule'], cost });
    if (cost > CRD_RULE_LIMITS.perRuleEstimate) {
      const times =
        place.cardinality !== undefined && place.cardinality > 1
          ? ` (${compiled.toLocaleString('en-US')} per value × up to ${place.cardinality.toLocaleString('en-US')} values)`
          : '';
      context.report({
        path: [...at, 'rule'],
        span: spanIn(context, [...at, 'rule'], { start: 0, end: text.length }),
        messageId: 'ruleCostOverLimit',
        data: {
          text,
          cost: cost.toLocaleString('en-US'),
          times,
          factor: factor(cost, CRD_RULE_LIMITS.perRuleEstimate),
          limit: CRD_RULE_LIMITS.perRuleEstimate.toLocaleString('en-US'),
        },
      });
    }
  }
  if (transition && place.uncorrelatable) {
    context.report({
      path: [...at, 'rule'],
      messageId: 'oldSelfUncorrelatable',
      data: { text, where: upstreamPathText(place.uncorrelatable.slice(schemaPath.length)) || 'the root' },
    });
  }
  if (!transition && rule.optionalOldSelf !== undefined && rule.optionalOldSelf !== null)
    context.report({ path: [...at, 'optionalOldSelf'], messageId: 'optionalOldSelfWithoutOldSelf' });
  if (messageExpression !== undefined && messageExpression.trim() !== '') {
    const messageCost = compile(
      context,
      schema,
      messageExpression,
      { transition: transition || readsOldSelf(messageExpression), optionalOldSelf, message: true },
      [...at, 'messageExpression'],
    );
    if (messageCost !== undefined) {
      costs.push({ path: [...at, 'messageExpression'], cost: messageCost });
      if (messageCost > CRD_RULE_LIMITS.perRuleEstimate)
        context.report({
          path: [...at, 'messageExpression'],
          messageId: 'messageCostOverLimit',
          data: {
            messageExpression,
            messageCost: messageCost.toLocaleString('en-US'),
            factor: factor(messageCost, CRD_RULE_LIMITS.perRuleEstimate),
            limit: CRD_RULE_LIMITS.perRuleEstimate.toLocaleString('en-US'),
          },
        });
    }
  }
}

/** Compiles one expression; reports its issues on its text and gives its estimated cost when it compiles. */
function compile(
  context: RuleContext,
  schema: SchemaNode,
  expression: string,
  options: { transition: boolean; optionalOldSelf: boolean; message: boolean },
  path: FieldPath,
): number | undefined {
  // The cost limit is applied by the caller, after multiplying by the place's cardinality.
  const env = crdValidationEnvironment(schema, { ...options, limits: { maxEstimatedCost: Number.POSITIVE_INFINITY } });
  const result = env.compile(expression);
  if (result.ok) return result.program.estimatedCost;
  const what = options.message ? 'messageExpression' : 'rule';
  for (const issue of result.issues) {
    context.report({
      path,
      span: spanIn(context, path, issue),
      messageId: 'doesNotCompile',
      data: { what, expression, message: issue.message },
      ...(refusedByServer(issue) ? {} : { severity: 'warning' as const }),
    });
  }
  return undefined;
}

/**
 * The schema `self` has at a place: at the root of a resource (and of an embedded one) the
 * server adds apiVersion and kind as strings and metadata with name and generateName.
 */
function celSchemaOf(place: SchemaPlace): SchemaNode {
  const node = toSchemaNode(place.raw);
  if (!place.isRoot && place.raw['x-kubernetes-embedded-resource'] !== true) return node;
  const name: SchemaNode = { type: 'string' };
  return {
    ...node,
    type: 'object',
    properties: {
      ...node.properties,
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object', properties: { name, generateName: name } },
    },
  };
}

/** Whether a rule's fieldPath (`.a.b`, `['a.b']`, `.list[0]`) names a place of the schema (upstream cel ValidFieldPath). */
function fieldPathResolves(raw: Obj, text: string): boolean {
  const segments = parseValidationFieldPath(text);
  if (!segments) return false;
  let node: unknown = raw;
  for (const segment of segments) {
    if (!isJsonObject(node)) return false;
    if (typeof segment === 'number') node = node.type === 'array' ? node.items : undefined;
    else {
      const properties = isJsonObject(node.properties) ? node.properties : {};
      node = Object.hasOwn(properties, segment) ? properties[segment] : node.additionalProperties;
    }
    if (!isJsonObject(node)) return false;
  }
  return true;
}

/** How far above a limit a cost is, in the words of upstream's getCostErrorMessage. */
function factor(cost: number, limit: number): string {
  const ratio = cost / limit;
  return ratio > 100 ? 'more than 100 times' : `${ratio.toFixed(1)} times`;
}
