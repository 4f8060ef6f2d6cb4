import type { ValidateFunction } from 'ajv';

/**
 * Validators compiled at build time, by type id. From sources (tests, the library) there
 * are none and schemas are compiled on first use; the CLI bundle replaces this module with
 * the generated one (scripts/build-validators.mjs).
 */
export const precompiled: Readonly<Record<string, ValidateFunction>> | undefined = undefined;
