import type { Rule } from '@platlint/core';
import poolName from './pool-name.js';
import taintEffect from './taint-effect.js';

/** The rules of this area; rules/src/index.ts gathers every area. */
export const rules: readonly Rule[] = [poolName, taintEffect];
