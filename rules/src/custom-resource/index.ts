import type { Rule } from '@platlint/core';
import validationRules from './validation-rules.js';

/** The rules of this area; rules/src/index.ts gathers every area. */
export const rules: readonly Rule[] = [validationRules];
