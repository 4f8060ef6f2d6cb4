import type { Rule } from '@platlint/core';

/** The rules of this area; rules/src/index.ts gathers every area. */
export const rules: readonly Rule[] = [];
