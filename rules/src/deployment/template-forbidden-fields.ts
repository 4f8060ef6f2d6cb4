import { defineRule } from '@platlint/core';
import { POD_SPEC, podSpec } from '../kit/paths.js';
import docs from './template-forbidden-fields.md';

export default defineRule({
  meta: {
    id: 'deployment/template-forbidden-fields',
    description: 'The pod template of a Deployment sets no activeDeadlineSeconds and no ephemeralContainers.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, Deployment)',
    docs,
    messages: {
      activeDeadlineSeconds:
        'activeDeadlineSeconds is not allowed in a Deployment: its pods run until replaced; remove the field (a Job can use it)',
      ephemeralContainers:
        'ephemeralContainers must be empty in a pod template; they are added to running pods for debugging, not created from templates',
    },
  },
  check(context) {
    const pod = podSpec(context.value);
    if (!pod) return;
    if (pod.activeDeadlineSeconds !== undefined && pod.activeDeadlineSeconds !== null) {
      context.report({
        path: [...POD_SPEC, 'activeDeadlineSeconds'],
        target: 'key',
        messageId: 'activeDeadlineSeconds',
      });
    }
    if (Array.isArray(pod.ephemeralContainers) && pod.ephemeralContainers.length > 0) {
      context.report({
        path: [...POD_SPEC, 'ephemeralContainers'],
        target: 'key',
        messageId: 'ephemeralContainers',
      });
    }
  },
});
