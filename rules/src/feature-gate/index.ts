import type { Rule } from '@platlint/core';
import gatedField from './gated-field.js';

/** The rules of this area; rules/src/index.ts gathers every area. */
export const rules: readonly Rule[] = [gatedField];
