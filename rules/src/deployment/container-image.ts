import { defineRule } from '@platlint/core';
import { containersOf } from './pod.js';

export default defineRule({
  meta: {
    id: 'deployment/container-image',
    description: 'Every container of the pod template names an image.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template)',
    docs: [
      'A container without `image` cannot start. The field is optional in the shared container',
      'type (higher-level tools may fill it in), but a Deployment that the server accepts must',
      'name an image for each of its containers and init containers. An empty string counts as',
      'missing.',
      '',
      'Fails:',
      '',
      '```yaml',
      'containers:',
      '- name: web',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'containers:',
      '- {name: web, image: nginx:1.27}',
      '```',
    ].join('\n'),
  },
  check(context) {
    for (const { container, path } of containersOf(context.value)) {
      const image = container.image;
      if (image === undefined || image === null) {
        context.report({ path, message: `container ${describe(container.name)} has no image; set image to the image to run` });
      } else if (typeof image === 'string' && image.trim() === '') {
        context.report({ path: [...path, 'image'], message: `container ${describe(container.name)} has an empty image; set image to the image to run` });
      }
    }
  },
});

function describe(name: unknown): string {
  return typeof name === 'string' ? `"${name}"` : 'without a name';
}
