import { defineRule } from '@platlint/core';
import { containersOf, formatPath, POD_SPEC } from '../kit/paths.js';
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
    const names = new Set(containers.map(({ container }) => container.name));
    const seen = new Map<string, string>();
    for (const { container, path } of containers) {
      const name = container.name;
      if (typeof name !== 'string') continue; // schema/required or schema/type
      const problem = formats['dns-label'](name);
      if (problem) {
        const lower = name.toLowerCase();
        const fixable = formats['dns-label'](lower) === undefined && !names.has(lower);
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
        context.report({ path: [...path, 'name'], messageId: 'duplicateName', data: { name, first } });
      } else {
        seen.set(name, formatPath(path.slice(POD_SPEC.length)));
      }
    }
  },
});
