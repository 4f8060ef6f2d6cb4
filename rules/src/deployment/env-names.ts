import { defineRule } from '@platlint/core';
import { containersOf, objectsIn, docsWebContainer } from './pod.js';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** The server takes any printable ASCII character but '=' in a name (and a prefix), and nothing else. */
export function envNameProblem(name: string): string | undefined {
  if (name.includes('=')) return "contains '='";
  return PRINTABLE_ASCII.test(name) ? undefined : 'has a character that is not printable ASCII';
}

export default defineRule({
  meta: {
    id: 'deployment/env-names',
    description: "Environment variables of the pod template's containers have a non-empty name without '=', and not both value and valueFrom.",
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream pod validation',
    docs: [
      'Each `env` entry of a container (or init container) names a variable. An empty name cannot',
      "be set in a process environment, and a name with '=' would be split at the '=' by every",
      'program that reads it; the server rejects both, and any character that is not printable',
      'ASCII (letters, digits, punctuation and spaces are all fine). It also rejects a variable that',
      'sets a non-empty `value` together with `valueFrom` (reported at `valueFrom`). An `envFrom`',
      "`prefix` is held to the same rule, as it begins every name it brings in: no '=' and only",
      'printable ASCII.',
      '',
      'Fails:',
      '',
      ...docsWebContainer(
        '        env:',
        '        - {name: "", value: "1"}',
      ),
      '',
      'Passes:',
      '',
      ...docsWebContainer(
        '        env:',
        '        - {name: WORKERS, value: "1"}',
      ),
    ].join('\n'),
  },
  check(context) {
    for (const { container, path } of containersOf(context.value)) {
      // ValidateEnvFrom: a prefix is held to the same rule as a name (relaxed names are on).
      for (const [entry, i] of objectsIn(container.envFrom)) {
        if (typeof entry.prefix !== 'string' || entry.prefix === '') continue;
        const problem = envNameProblem(entry.prefix);
        if (problem) context.report({ path: [...path, 'envFrom', i, 'prefix'], message: `envFrom prefix ${JSON.stringify(entry.prefix)} ${problem}; the prefix becomes part of every variable name` });
      }
      for (const [variable, i] of objectsIn(container.env)) {
        const name = variable.name;
        if (typeof name !== 'string') continue;
        const at = [...path, 'env', i, 'name'];
        if (name === '') context.report({ path: at, message: 'environment variable name is empty; give the variable a name' });
        else if (name.includes('=')) context.report({ path: at, message: `environment variable name "${name}" contains '='; put the value in value, not in the name` });
        else if (envNameProblem(name)) context.report({ path: at, message: `environment variable name ${JSON.stringify(name)} ${envNameProblem(name)}` });
        // A non-empty value and valueFrom contradict each other; an empty value is unset.
        if (typeof variable.value === 'string' && variable.value !== '' && variable.valueFrom !== undefined && variable.valueFrom !== null) {
          context.report({ path: [...path, 'env', i, 'valueFrom'], target: 'key', message: `variable "${name}" sets both value and valueFrom; keep one of them` });
        }
      }
    }
  },
});
