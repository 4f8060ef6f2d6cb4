import { defineRule } from '@platlint/core';
import { containersOf, type FieldPath, formatPath, POD_SPEC } from '../kit/paths.js';
import { formats } from '../kit/names.js';
import docs from './container-name.md';

export default defineRule({
  meta: {
    id: 'deployment/container-name',
    description: 'Container names are DNS labels, unique across containers and initContainers.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream (API server validation, Deployment)',
    fixable: true,
    docs,
    messages: {
      badName: 'container name "{{name}}" {{problem}}',
      duplicateName:
        'container name "{{name}}" is already used by {{first}}; names must be unique across containers and initContainers',
    },
  },
  check(context) {
    const containers = containersOf(context.value);
    // The first container of each name, by its path: the message of a repeat names it.
    const seen = new Map<string, FieldPath>();
    for (const { container, path } of containers) {
      const name = container.name;
      if (typeof name !== 'string') continue; // schema/required or schema/type
      const problem = formats['dns-label'](name);
      if (problem) {
        const lower = name.toLowerCase();
        const fixable = formats['dns-label'](lower) === undefined && !containers.some((other) => other.container.name === lower);
        context.report({
          path: [...path, 'name'],
          messageId: 'badName',
          data: { name, problem },
          ...(fixable ? { fix: { text: lower } } : {}),
        });
        continue;
      }
      const first = seen.get(name);
      if (first !== undefined) {
        const firstPath = formatPath(first.slice(POD_SPEC.length));
        context.report({ path: [...path, 'name'], messageId: 'duplicateName', data: { name, first: firstPath } });
      } else {
        seen.set(name, path);
      }
    }
  },
});
