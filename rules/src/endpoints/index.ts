import type { Rule } from '@platlint/core';
import rule0 from './deprecated.js';

/** The rules of this area; rules/src/index.ts gathers every area. */
export const rules: readonly Rule[] = [rule0];
