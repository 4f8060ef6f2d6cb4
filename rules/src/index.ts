import type { Rule } from '@platlint/core';
import restartPolicy from './deployment/restart-policy.js';
import selectorMatchesTemplate from './deployment/selector-matches-template.js';
import endpointsDeprecated from './endpoints/deprecated.js';
import wildcardAlone from './flowschema/wildcard-alone.js';
import nameFormat from './metadata/name-format.js';

/** Every semantic rule, in id order. */
export const rules: readonly Rule[] = [restartPolicy, selectorMatchesTemplate, endpointsDeprecated, wildcardAlone, nameFormat].sort((a, b) => a.meta.id.localeCompare(b.meta.id));
