import { defineRule } from '@platlint/core';
import { reportSchemaProblems } from './report-problems.js';
import { CRD, docsCrdWithProperties } from './shape.js';

export default defineRule({
  meta: {
    id: 'crd/structural-schema',
    description: "Every version's openAPIV3Schema is a structural schema, with only the OpenAPI keywords a CRD may use.",
    kinds: [CRD],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (apiextensions-apiserver pkg/apiserver/schema validation.go ValidateStructural, complete.go; pkg/apis/apiextensions/validation validation.go ValidateCustomResourceDefinitionOpenAPISchema, specStandardValidatorV3)',
    docs: [
      'The server prunes, defaults and validates custom resources by their schema, so it refuses a',
      'schema that is not *structural*:',
      '',
      '- every node states its `type` (one of object, array, string, integer, number, boolean), except',
      '  under `x-kubernetes-preserve-unknown-fields: true` or `x-kubernetes-int-or-string: true`; the',
      '  root is an object; an array states its `items`;',
      '- `allOf`, `anyOf`, `oneOf` and `not` restrict values only: no `type` (but the int-or-string',
      '  pattern `anyOf: [{type: integer}, {type: string}]`), `default`, `description`, `title`,',
      '  `nullable`, `additionalProperties`, `x-kubernetes-*` or `metadata` under them, and every field',
      '  or items they name is specified in the schema itself too;',
      '- `additionalProperties` is not at the root, not beside `properties`, not on an embedded resource;',
      '- the root `metadata` may restrict only `name` and `generateName`; `kind` and `apiVersion` are',
      '  strings and `metadata` an object (at the root and in embedded resources);',
      '- `x-kubernetes-embedded-resource` needs `type: object` and properties (or preserving unknown',
      '  fields), and is not used inside metadata; `x-kubernetes-int-or-string` excludes both other',
      '  extensions; `x-kubernetes-preserve-unknown-fields` is true or absent; `x-kubernetes-map-type`',
      '  (atomic or granular) needs `type: object`;',
      '- no `$ref`, `id`, `definitions`, `dependencies`, `patternProperties`, `additionalItems`, list',
      '  of `items`, `type: "null"` (write `nullable`), `uniqueItems: true`, `nullable` at the root, or',
      '  `pattern` Go cannot compile (RE2);',
      '- with the status subresource, the root holds only description, type (object), format, title,',
      '  bounds and lengths, pattern, items, properties, required, externalDocs, example,',
      '  x-kubernetes-preserve-unknown-fields and x-kubernetes-validations.',
      '',
      'Fails:',
      '',
      ...docsCrdWithProperties('          spec:', '            properties: {size: {type: integer}}'),
      '',
      'Passes:',
      '',
      ...docsCrdWithProperties('          spec:', '            type: object', '            properties: {size: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}]}}'),
    ].join('\n'),
  },
  check(context) {
    reportSchemaProblems(context, 'structural');
  },
});
