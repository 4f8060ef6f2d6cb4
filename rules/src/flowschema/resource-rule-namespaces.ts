import { defineRule } from '@platlint/core';
import { FS_KIND, targetRules } from './shape.js';
import { formats } from '../kit/names.js';
import docs from './resource-rule-namespaces.md';

export default defineRule({
  meta: {
    id: 'flowschema/resource-rule-namespaces',
    description: 'A FlowSchema resource rule lists namespaces (DNS labels or "*") unless clusterScope is true.',
    kinds: [FS_KIND],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document B, FlowSchema (ResourcePolicyRule); upstream (API server validation, FlowSchema)',
    docs,
    messages: {
      emptyNamespaces: 'namespaces is empty and clusterScope is not true, {{advice}}',
      noNamespaces: 'the rule sets no namespaces and clusterScope is not true, {{advice}}',
      badNamespace: 'namespace "{{namespace}}" {{problem}} (each entry is a namespace name or "*")',
    },
  },
  check(context) {
    for (const target of targetRules(context.value, 'resourceRules')) {
      const namespaces = target.value.namespaces;
      if (namespaces !== undefined && namespaces !== null && !Array.isArray(namespaces)) continue; // schema/type
      if (!namespaces || namespaces.length === 0) {
        if (target.value.clusterScope === true) continue;
        const advice = 'so this rule matches no request; list namespaces (or "*"), or set clusterScope: true';
        if (namespaces) context.report({ path: [...target.path, 'namespaces'], messageId: 'emptyNamespaces', data: { advice } });
        else context.report({ path: [...target.path, 'namespaces'], target: 'key', messageId: 'noNamespaces', data: { advice } });
        continue;
      }
      if (namespaces.includes('*')) continue; // a lone "*" is fine; with others it is wildcard-alone's
      namespaces.forEach((namespace, n) => {
        if (typeof namespace !== 'string') return;
        const problem = formats['dns-label'](namespace);
        if (problem)
          context.report({ path: [...target.path, 'namespaces', n], messageId: 'badNamespace', data: { namespace, problem } });
      });
    }
  },
});
