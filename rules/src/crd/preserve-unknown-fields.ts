import { defineRule } from '@platlint/core';
import { CRD } from './shape.js';
import { objAt } from '../kit/objects.js';
import docs from './preserve-unknown-fields.md';

export default defineRule({
  meta: {
    id: 'crd/preserve-unknown-fields',
    description:
      'spec.preserveUnknownFields is not true: unknown fields are kept per schema, with x-kubernetes-preserve-unknown-fields.',
    kinds: [CRD],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'upstream (apiextensions-apiserver pkg/apis/apiextensions/validation validation.go: validatePreserveUnknownFields, called by ValidateCustomResourceDefinition and validateCustomResourceDefinitionUpdate)',
    docs,
    messages: {
      setToTrue:
        'cannot be true: to keep fields the schema does not describe, set x-kubernetes-preserve-unknown-fields: true at that place of spec.versions[*].schema.openAPIV3Schema',
    },
  },
  check(context) {
    if (objAt(context.value, 'spec')?.preserveUnknownFields !== true) return;
    // A definition stored with it true keeps it: the server leaves existing data alone.
    if (context.old && objAt(context.old.value, 'spec')?.preserveUnknownFields === true) return;
    context.report({ path: ['spec', 'preserveUnknownFields'], messageId: 'setToTrue' });
  },
});
