import { defineRule } from '@platlint/core';
import { containersOf } from '../kit/paths.js';
import { forEachObject } from '../kit/objects.js';
import docs from './resize-policy.md';

/** Resources that can be resized in place. */
const RESIZABLE = ['cpu', 'memory'];

export default defineRule({
  meta: {
    id: 'deployment/resize-policy',
    description: "A container's resizePolicy names cpu or memory, each at most once.",
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (container resizePolicy)',
    docs,
    messages: {
      notResizable: '"{{name}}" cannot be resized in place; use cpu or memory',
      policyTwice: '{{name}} already has a resize policy; keep one entry per resource',
    },
  },
  check(context) {
    for (const { container, path } of containersOf(context.value)) {
      if (!Array.isArray(container.resizePolicy)) continue;
      const seen = new Set<string>();
      forEachObject(container.resizePolicy, (policy, i) => {
        const name = policy.resourceName;
        if (typeof name !== 'string') return;
        const at = [...path, 'resizePolicy', i, 'resourceName'];
        if (!RESIZABLE.includes(name)) context.report({ path: at, messageId: 'notResizable', data: { name } });
        else if (seen.has(name)) context.report({ path: at, messageId: 'policyTwice', data: { name } });
        seen.add(name);
      });
    }
  },
});
