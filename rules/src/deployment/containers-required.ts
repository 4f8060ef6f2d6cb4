import { defineRule } from '@platlint/core';
import { isJsonObject, POD_SPEC } from './pod.js';

export default defineRule({
  meta: {
    id: 'deployment/containers-required',
    description: 'The pod template of a Deployment has at least one container.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream (API server validation, Deployment)',
    docs: [
      'A pod runs at least one container, so `spec.template.spec.containers` must hold one or more.',
      'A missing `containers` field is reported by `schema/required`; this rule reports an empty list,',
      'and a template without any `spec` (which would leave the pod with no containers at all).',
      '',
      'Fails:',
      '',
      '```yaml',
      'template:',
      '  metadata: {labels: {app: web}}',
      '  spec:',
      '    containers: []',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'template:',
      '  metadata: {labels: {app: web}}',
      '  spec:',
      '    containers: [{name: web, image: nginx:1.27}]',
      '```',
    ].join('\n'),
  },
  check(context) {
    const spec = context.value.spec;
    if (!isJsonObject(spec) || !isJsonObject(spec.template)) return; // schema/required or schema/type
    const pod = spec.template.spec;
    if (pod === undefined || pod === null) {
      context.report({ path: [...POD_SPEC, 'containers'], target: 'key', message: 'the pod template has no spec; add spec.containers with at least one container' });
      return;
    }
    if (isJsonObject(pod) && Array.isArray(pod.containers) && pod.containers.length === 0) {
      context.report({ path: [...POD_SPEC, 'containers'], message: 'containers is empty; a pod needs at least one container' });
    }
  },
});
