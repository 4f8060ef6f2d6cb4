import { defineRule, toSchemaNode, validateAgainstSchema } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { schemaPlaces } from './schema-walk.js';
import { evaluateValidationRules, hasRules, type RuleFailure } from '../custom-resource/evaluate-rules.js';
import { CRD } from './shape.js';
import { versionSchemas } from './version-schemas.js';
import type { Obj } from '../kit/objects.js';
import docs from './defaults.md';

export default defineRule({
  meta: {
    id: 'crd/defaults',
    description: "A schema's defaults are allowed where they stand and are valid values of their own schema.",
    kinds: [CRD],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'upstream (apiextensions-apiserver pkg/apiserver/schema/defaulting validation.go ValidateDefaults, validate; pkg/apis/apiextensions/validation validation.go specStandardValidatorV3 withForbiddenDefaults)',
    docs,
    messages: {
      defaultForbidden: 'a default must not be set {{where}}',
      defaultInvalid: 'the default is not valid here: {{problem}}',
      defaultFailsRule: 'the default fails a validation rule: {{message}}',
    },
  },
  check(context) {
    for (const { raw, path, problems } of versionSchemas(context.value)) {
      if (problems.length) continue;
      for (const place of schemaPlaces(raw, path)) {
        if (place.junctor || place.raw.default === undefined) continue;
        const at: FieldPath = [...place.path, 'default'];
        if (place.defaultsForbidden) {
          context.report({ path: at, target: 'key', messageId: 'defaultForbidden', data: { where: place.defaultsForbidden } });
          continue;
        }
        // Upstream does not look into additionalProperties for defaults, nor check metadata defaults this way.
        if (place.resourceMeta || underAdditionalProperties(place.path.slice(path.length))) continue;
        const findings = validateAgainstSchema(place.raw, place.raw.default);
        for (const finding of findings) {
          const text = { messageId: 'defaultInvalid', data: { problem: finding.message } };
          if (finding.ruleId === 'schema/required') context.reportMissing([...at, ...finding.path], text);
          else context.report({ path: [...at, ...finding.path], target: finding.target === 'value' ? 'value' : 'key', ...text });
        }
        // Upstream runs the CEL rules only on a default the schema accepts.
        if (findings.length > 0) continue;
        for (const failure of ruleFailuresOfDefault(place.raw, place.raw.default)) {
          context.report({ path: [...at, ...failure.path], messageId: 'defaultFailsRule', data: { message: failure.message } });
        }
      }
    }
  },
});

/**
 * The failures of the CEL rules at and below a default's place on the default (upstream
 * defaulting/validation.go validate): first as an update that changes nothing (the default is
 * its own old value, nothing ratcheted), then, when that passes, as a create with no old value,
 * which is where rules with optionalOldSelf see `optional.none()` (with CRDValidationRatcheting,
 * on since release 1.33).
 */
function ruleFailuresOfDefault(raw: Obj, value: unknown): RuleFailure[] {
  const node = toSchemaNode(raw);
  if (!hasRules(node)) return [];
  const resourceRoot = raw['x-kubernetes-embedded-resource'] === true;
  const asUpdate = evaluateValidationRules(node, value, { old: value, resourceRoot });
  return asUpdate.length > 0 ? asUpdate : evaluateValidationRules(node, value, { resourceRoot });
}

/** Whether a path inside a schema passes through additionalProperties (not a property of that name). */
function underAdditionalProperties(path: FieldPath): boolean {
  return path.some((segment, i) => segment === 'additionalProperties' && path[i - 1] !== 'properties');
}
