import { defineRule } from '@platlint/core';
import { reportSchemaProblems, SCHEMA_PROBLEM_MESSAGES } from './report-problems.js';
import { CRD } from './shape.js';
import docs from './structural-schema.md';

export default defineRule({
  meta: {
    id: 'crd/structural-schema',
    description: "Every version's openAPIV3Schema is a structural schema, with only the OpenAPI keywords a CRD may use.",
    kinds: [CRD],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'upstream (apiextensions-apiserver pkg/apiserver/schema validation.go ValidateStructural, complete.go; pkg/apis/apiextensions/validation validation.go ValidateCustomResourceDefinitionOpenAPISchema, specStandardValidatorV3)',
    docs,
    messages: SCHEMA_PROBLEM_MESSAGES,
  },
  check(context) {
    reportSchemaProblems(context, 'structural');
  },
});
