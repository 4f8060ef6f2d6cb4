import { defineRule } from '@platlint/core';
import { reportSchemaProblems, SCHEMA_PROBLEM_MESSAGES } from './report-problems.js';
import { CRD } from './shape.js';
import docs from './list-types.md';

export default defineRule({
  meta: {
    id: 'crd/list-types',
    description:
      'x-kubernetes-list-type and x-kubernetes-list-map-keys describe lists the server can merge: map keys are scalar item fields, required or defaulted.',
    kinds: [CRD],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'upstream (apiextensions-apiserver pkg/apis/apiextensions/validation validation.go: ValidateCustomResourceDefinitionOpenAPISchema, validateMapListKeysMapSet)',
    docs,
    messages: SCHEMA_PROBLEM_MESSAGES,
  },
  check(context) {
    reportSchemaProblems(context, 'list-types');
  },
});
