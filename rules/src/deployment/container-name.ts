import { defineRule, formatPath, formats } from '@platlint/core';
import { containersOf, DOCS_DEPLOYMENT_HEAD, POD_SPEC } from './pod.js';

export default defineRule({
  meta: {
    id: 'deployment/container-name',
    description: 'Container names are DNS labels, unique across containers and initContainers.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream (API server validation, Deployment)',
    fixable: true,
    docs: [
      'Every container of the pod template, regular or init, has a name that is a DNS label (at',
      "most 63 lowercase letters, digits and '-', starting and ending with a letter or digit), and",
      'no two share a name: the name identifies the container in logs, `exec`, status and merge',
      'patches. A duplicate is reported on the later container (an init container that clashes',
      'with a regular one is reported on the init container, as upstream does).',
      '',
      'When the only problem is uppercase letters and the lowercase name is free, the fix',
      'lowercases it.',
      '',
      'Fails:',
      '',
      '```yaml',
      ...DOCS_DEPLOYMENT_HEAD,
      '      - {name: Api-Server, image: shop/api:1.4}',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      ...DOCS_DEPLOYMENT_HEAD,
      '      - {name: api-server, image: shop/api:1.4}',
      '```',
    ].join('\n'),
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
          message: `container name "${name}" ${problem}`,
          ...(fixable ? { fix: { text: lower } } : {}),
        });
        continue;
      }
      const first = seen.get(name);
      if (first !== undefined) {
        context.report({ path: [...path, 'name'], message: `container name "${name}" is already used by ${first}; names must be unique across containers and initContainers` });
      } else {
        seen.set(name, formatPath(path.slice(POD_SPEC.length)));
      }
    }
  },
});
