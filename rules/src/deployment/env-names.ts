import { defineRule } from '@platlint/core';
import type { MessageRef } from '@platlint/core';
import { containersOf } from '../kit/paths.js';
import { forEachObject } from '../kit/objects.js';
import docs from './env-names.md';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** The server takes any printable ASCII character but '=' in a name (and a prefix), and nothing else. */
export function envNameProblem(name: string): string | undefined {
  if (name.includes('=')) return "contains '='";
  return PRINTABLE_ASCII.test(name) ? undefined : 'has a character that is not printable ASCII';
}

export default defineRule({
  meta: {
    id: 'deployment/env-names',
    description:
      "Environment variables of the pod template's containers have a non-empty name without '=', and not both value and valueFrom.",
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream pod validation',
    docs,
    messages: {
      envFromPrefix: 'envFrom prefix {{prefix}} {{problem}}; the prefix becomes part of every variable name',
      environmentVariableNameEmpty: 'environment variable name is empty; give the variable a name',
      environmentVariableNameContains: `environment variable name "{{name}}" contains '='; put the value in value, not in the name`,
      badVariableName: 'environment variable name {{name}} {{problem}}',
      variableSetsBothValue: 'variable "{{name}}" sets both value and valueFrom; keep one of them',
    },
  },
  check(context) {
    for (const { container, path } of containersOf(context.value)) {
      // ValidateEnvFrom: a prefix is held to the same rule as a name (relaxed names are on).
      forEachObject(container.envFrom, (entry, i) => {
        if (typeof entry.prefix !== 'string' || entry.prefix === '') return;
        const problem = envNameProblem(entry.prefix);
        if (problem)
          context.report({
            path: [...path, 'envFrom', i, 'prefix'],
            messageId: 'envFromPrefix',
            data: { prefix: JSON.stringify(entry.prefix), problem },
          });
      });
      forEachObject(container.env, (variable, i) => {
        const name = variable.name;
        if (typeof name !== 'string') return;
        const finding = variableNameFinding(name);
        if (finding) context.report({ path: [...path, 'env', i, 'name'], ...finding });
        // A non-empty value and valueFrom contradict each other; an empty value is unset.
        if (
          typeof variable.value === 'string' &&
          variable.value !== '' &&
          variable.valueFrom !== undefined &&
          variable.valueFrom !== null
        ) {
          context.report({
            path: [...path, 'env', i, 'valueFrom'],
            target: 'key',
            messageId: 'variableSetsBothValue',
            data: { name },
          });
        }
      });
    }
  },
});

/** What the server refuses in a variable's name, or undefined; decided before the path is made. */
function variableNameFinding(name: string): MessageRef | undefined {
  if (name === '') return { messageId: 'environmentVariableNameEmpty' };
  if (name.includes('=')) return { messageId: 'environmentVariableNameContains', data: { name } };
  const problem = envNameProblem(name);
  return problem ? { messageId: 'badVariableName', data: { name: JSON.stringify(name), problem } } : undefined;
}
