import { defineRule, validateAgainstSchema } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { schemaPlaces } from './schema-walk.js';
import { CRD, docsCrdWithProperties } from './shape.js';
import { versionSchemas } from './version-schemas.js';

export default defineRule({
  meta: {
    id: 'crd/defaults',
    description: "A schema's defaults are allowed where they stand and are valid values of their own schema.",
    kinds: [CRD],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (apiextensions-apiserver pkg/apiserver/schema/defaulting validation.go ValidateDefaults; pkg/apis/apiextensions/validation validation.go specStandardValidatorV3 withForbiddenDefaults)',
    docs: [
      'The server writes a `default` into every object that leaves the field out, so it refuses a',
      'definition whose default would make an invalid object:',
      '',
      '- the default must pass the schema it stands in (type, enum, bounds, lengths, pattern, format,',
      '  required fields, list types), and hold no field the schema does not describe (it would be',
      '  pruned);',
      '- no default in the top-level `apiVersion`, `kind` or `metadata`, nor inside',
      '  `additionalProperties` of a resource\'s metadata.',
      '',
      'Defaults are checked once the schema is structural (`crd/structural-schema`, `crd/list-types`),',
      "as the server does. The server also runs the schema's CEL rules on each default; platlint",
      'does not yet.',
      '',
      'Fails:',
      '',
      ...docsCrdWithProperties('          replicas: {type: integer, minimum: 1, default: 0}'),
      '',
      'Passes:',
      '',
      ...docsCrdWithProperties('          replicas: {type: integer, minimum: 1, default: 1}'),
    ].join('\n'),
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
