import { defineRule } from '@platlint/core';
import { containersOf } from '../kit/paths.js';
import docs from './container-image.md';

export default defineRule({
  meta: {
    id: 'deployment/container-image',
    description: 'Every container of the pod template names an image.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template)',
    docs,
    messages: {
      noImage: 'container {{container}} has no image; set image to the image to run',
      imageWhitespace:
        'the image of container {{container}} has leading or trailing whitespace; the Deployment is accepted, but its pods are refused, so remove the spaces',
    },
  },
  check(context) {
    for (const { container, path } of containersOf(context.value)) {
      const image = container.image;
      if (image === undefined || image === null || image === '') {
        context.report({
          path: [...path, 'image'],
          target: image === undefined ? 'key' : 'value',
          messageId: 'noImage',
          data: { container: describe(container.name) },
        });
      } else if (typeof image === 'string' && image.trim() !== image) {
        context.report({
          path: [...path, 'image'],
          severity: 'warning',
          messageId: 'imageWhitespace',
          data: { container: describe(container.name) },
        });
      }
    }
  },
});

function describe(name: unknown): string {
  return typeof name === 'string' ? `"${name}"` : 'without a name';
}
