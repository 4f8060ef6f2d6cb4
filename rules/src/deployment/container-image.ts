import { defineRule } from '@platlint/core';
import { containersOf, DOCS_DEPLOYMENT_HEAD } from './pod.js';

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
      'type (higher-level tools may fill it in), but the server refuses a Deployment whose pod',
      'template leaves the image of a container or init container out or empty (Required). The',
      'finding names the missing `image` field and points at its container.',
      '',
      'An image with leading or trailing whitespace (`" nginx:1.27"`, or only spaces) is a warning',
      'here, not an error: the server refuses such an image on a Pod, but does not check it on a pod',
      'template, so the Deployment is stored and its pods are then refused when the ReplicaSet',
      'creates them.',
      '',
      'Spec: document A, Deployment (template) and the shared Container type.',
      '',
      'Fails:',
      '',
      '```yaml',
      ...DOCS_DEPLOYMENT_HEAD,
      '      - name: web',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      ...DOCS_DEPLOYMENT_HEAD,
      '      - {name: web, image: nginx:1.27}',
      '```',
    ].join('\n'),
  },
  check(context) {
    for (const { container, path } of containersOf(context.value)) {
      const image = container.image;
      const at = [...path, 'image'];
      if (image === undefined || image === null || image === '') {
        context.report({ path: at, target: image === undefined ? 'key' : 'value', message: `container ${describe(container.name)} has no image; set image to the image to run` });
      } else if (typeof image === 'string' && image.trim() !== image) {
        context.report({
          path: at,
          severity: 'warning',
          message: `the image of container ${describe(container.name)} has leading or trailing whitespace; the Deployment is accepted, but its pods are refused, so remove the spaces`,
        });
      }
    }
  },
});

function describe(name: unknown): string {
  return typeof name === 'string' ? `"${name}"` : 'without a name';
}
