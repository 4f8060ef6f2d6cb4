import { defineRule, isJsonObject } from '@platlint/core';
import { formats } from '../kit/names.js';
import { containersOf, POD_SPEC, podSpec } from '../kit/paths.js';
import { forEachObject, objectsIn } from '../kit/objects.js';
import docs from './resource-claims.md';

export default defineRule({
  meta: {
    id: 'deployment/resource-claims',
    description:
      'Resource claims of the pod template have unique DNS-label names and one source, and containers use only those claims.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (resource claims)',
    docs,
    messages: {
      claimNeedsSource: 'a resource claim needs resourceClaimName or resourceClaimTemplateName',
      claimSetsBothSources: 'a resource claim sets both resourceClaimName and resourceClaimTemplateName; keep one',
      claimTwice: 'resource claim "{{name}}" is declared twice; claim names must be unique',
      badClaimName: 'resource claim name "{{name}}" {{problem}}',
      badSourceName: '{{field}} "{{value}}" {{problem}}',
      containerClaimTwice: 'claim {{key}} is listed twice in this container',
      unknownClaim: `claim "{{name}}" is not one of the pod's resourceClaims; declare it in spec.template.spec.resourceClaims`,
    },
  },
  check(context) {
    const pod = podSpec(context.value);
    if (!pod) return;
    const names = new Set<string>();
    for (const [claim, i] of objectsIn(pod.resourceClaims)) {
      const at = [...POD_SPEC, 'resourceClaims', i];
      const { name, resourceClaimName, resourceClaimTemplateName } = claim;
      if (typeof name === 'string' && name !== '') {
        const problem = formats['dns-label'](name);
        if (names.has(name)) context.report({ path: [...at, 'name'], messageId: 'claimTwice', data: { name } });
        else if (problem) context.report({ path: [...at, 'name'], messageId: 'badClaimName', data: { name, problem } });
        names.add(name);
      }
      const sources = [resourceClaimName, resourceClaimTemplateName].filter((source) => source !== undefined && source !== null);
      if (sources.length !== 1) {
        context.report({ path: at, messageId: sources.length === 0 ? 'claimNeedsSource' : 'claimSetsBothSources' });
      }
      for (const field of ['resourceClaimName', 'resourceClaimTemplateName'] as const) {
        const value = claim[field];
        const problem = typeof value === 'string' ? formats['dns-subdomain'](value) : undefined;
        if (problem)
          context.report({ path: [...at, field], messageId: 'badSourceName', data: { field, value: String(value), problem } });
      }
    }
    for (const { container, path } of containersOf(context.value)) {
      const claims = isJsonObject(container.resources) ? container.resources.claims : undefined;
      if (!Array.isArray(claims)) continue;
      const used = new Set<string>();
      forEachObject(claims, (claim, j) => {
        const { name, request } = claim;
        if (typeof name !== 'string' || name === '') return;
        const key = typeof request === 'string' && request !== '' ? `${name}/${request}` : name;
        if (used.has(key))
          context.report({ path: [...path, 'resources', 'claims', j], messageId: 'containerClaimTwice', data: { key } });
        else if (!names.has(name))
          context.report({ path: [...path, 'resources', 'claims', j], messageId: 'unknownClaim', data: { name } });
        used.add(key);
      });
    }
  },
});
