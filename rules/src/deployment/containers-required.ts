import { defineRule, isJsonObject } from '@platlint/core';
import { POD_SPEC } from '../kit/paths.js';
import docs from './containers-required.md';

export default defineRule({
  meta: {
    id: 'deployment/containers-required',
    description: 'The pod template of a Deployment has at least one container.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream (API server validation, Deployment)',
    docs,
    messages: {
      noPodSpec: 'the pod template has no spec; add spec.containers with at least one container',
      noContainers: 'containers is empty; a pod needs at least one container',
    },
  },
  check(context) {
    const spec = context.value.spec;
    if (!isJsonObject(spec) || !isJsonObject(spec.template)) return; // schema/required or schema/type
    const pod = spec.template.spec;
    if (pod === undefined || pod === null) {
      context.report({ path: [...POD_SPEC, 'containers'], target: 'key', messageId: 'noPodSpec' });
      return;
    }
    if (isJsonObject(pod) && Array.isArray(pod.containers) && pod.containers.length === 0) {
      context.report({ path: [...POD_SPEC, 'containers'], messageId: 'noContainers' });
    }
  },
});
