import type { Rule } from '@platlint/core';
import rule0 from './wildcard-alone.js';

/** The rules of this area; rules/src/index.ts gathers every area. */
export const rules: readonly Rule[] = [rule0];
