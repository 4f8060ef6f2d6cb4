import type { Rule } from '@platlint/core';
import rule0 from './name-format.js';

/** The rules of this area; rules/src/index.ts gathers every area. */
export const rules: readonly Rule[] = [rule0];
