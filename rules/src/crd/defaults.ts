import { defineRule, validateAgainstSchema } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { schemaPlaces } from './schema-walk.js';
import { CRD } from './shape.js';
import { versionSchemas } from './version-schemas.js';
import docs from './defaults.md';

export default defineRule({
  meta: {
    id: 'crd/defaults',
    description: "A schema's defaults are allowed where they stand and are valid values of their own schema.",
    kinds: [CRD],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (apiextensions-apiserver pkg/apiserver/schema/defaulting validation.go ValidateDefaults; pkg/apis/apiextensions/validation validation.go specStandardValidatorV3 withForbiddenDefaults)',
    docs,
  },
  check(context) {
    for (const { raw, path, problems } of versionSchemas(context.value)) {
      if (problems.length) continue;
      for (const place of schemaPlaces(raw, path)) {
        if (place.junctor || place.raw.default === undefined) continue;
        const at: FieldPath = [...place.path, 'default'];
        if (place.defaultsForbidden) {
          context.report({ path: at, target: 'key', message: `a default must not be set ${place.defaultsForbidden}` });
          continue;
        }
        // Upstream does not look into additionalProperties for defaults, nor check metadata defaults this way.
        if (place.resourceMeta || underAdditionalProperties(place.path.slice(path.length))) continue;
        for (const finding of validateAgainstSchema(place.raw, place.raw.default)) {
          const message = `the default is not valid here: ${finding.message}`;
          if (finding.ruleId === 'schema/required') context.reportMissing([...at, ...finding.path], message);
          else context.report({ path: [...at, ...finding.path], target: finding.target === 'value' ? 'value' : 'key', message });
        }
      }
    }
  },
});

/** Whether a path inside a schema passes through additionalProperties (not a property of that name). */
function underAdditionalProperties(path: FieldPath): boolean {
  return path.some((segment, i) => segment === 'additionalProperties' && path[i - 1] !== 'properties');
}
