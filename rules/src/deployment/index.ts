import type { Rule } from '@platlint/core';
import rule0 from './restart-policy.js';
import rule1 from './selector-matches-template.js';

/** The rules of this area; rules/src/index.ts gathers every area. */
export const rules: readonly Rule[] = [rule0, rule1];
