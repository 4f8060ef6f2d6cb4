import type { Rule } from '@platlint/core';
import conversion from './conversion.js';
import defaults from './defaults.js';
import listTypes from './list-types.js';
import names from './names.js';
import preserveUnknownFields from './preserve-unknown-fields.js';
import structuralSchema from './structural-schema.js';
import validationRules from './validation-rules.js';
import versions from './versions.js';

/** The rules of this area; rules/src/index.ts gathers every area. */
export const rules: readonly Rule[] = [
  conversion,
  defaults,
  listTypes,
  names,
  preserveUnknownFields,
  structuralSchema,
  validationRules,
  versions,
];
