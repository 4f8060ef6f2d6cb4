import { defineRule } from '@platlint/core';
import { reportSchemaProblems } from './report-problems.js';
import { CRD, docsCrdWithProperties } from './shape.js';

export default defineRule({
  meta: {
    id: 'crd/list-types',
    description: 'x-kubernetes-list-type and x-kubernetes-list-map-keys describe lists the server can merge: map keys are scalar item fields, required or defaulted.',
    kinds: [CRD],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (apiextensions-apiserver pkg/apis/apiextensions/validation validation.go: ValidateCustomResourceDefinitionOpenAPISchema, validateMapListKeysMapSet)',
    docs: [
      'Server-side apply merges lists by their `x-kubernetes-list-type`. The server refuses a schema when:',
      '',
      '- the list type is set on a node whose type is not `array`, or is not atomic, set or map;',
      '- the items of a `set` are lists or objects that are not atomic (a set compares items whole);',
      '- `x-kubernetes-list-map-keys` is set without `x-kubernetes-list-type: map`;',
      '- a `map` list has no keys, no items schema, items that are not objects, a key that is not a',
      '  property of the items, a key of type object or array, a key repeated, a key neither',
      '  required nor defaulted, or a nullable key;',
      '- the items of a `set` or `map` list are nullable.',
      '',
      'Fails:',
      '',
      ...docsCrdWithProperties('          ports:', '            type: array', '            x-kubernetes-list-type: map', '            x-kubernetes-list-map-keys: [port]', '            items: {type: object, properties: {port: {type: integer}}}'),
      '',
      'Passes:',
      '',
      ...docsCrdWithProperties('          ports:', '            type: array', '            x-kubernetes-list-type: map', '            x-kubernetes-list-map-keys: [port]', '            items: {type: object, required: [port], properties: {port: {type: integer}}}'),
    ].join('\n'),
  },
  check(context) {
    reportSchemaProblems(context, 'list-types');
  },
});
