import { defineRule } from '@platlint/core';
import { FS_KIND, targetRules } from './shape.js';

const LISTS = {
  resourceRules: ['verbs', 'apiGroups', 'resources', 'namespaces'],
  nonResourceRules: ['verbs', 'nonResourceURLs'],
} as const;

export default defineRule({
  meta: {
    id: 'flowschema/wildcard-alone',
    description: 'A "*" in a FlowSchema rule list must be the list\'s only entry.',
    kinds: [FS_KIND],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document B, FlowSchema (ResourcePolicyRule, NonResourcePolicyRule)',
    fixable: true,
    docs: [
      'In `verbs`, `apiGroups`, `resources`, `namespaces` and `nonResourceURLs`, `*` matches',
      'everything, and if present it must be the only entry: a list such as `["get", "*"]` is',
      'rejected. The fix replaces the list with `["*"]`: the list already matched everything, so',
      'the fix keeps what it matches.',
      '',
      'Spec: document B, FlowSchema, ResourcePolicyRule and NonResourcePolicyRule.',
      '',
      'Fails: `verbs: ["get", "*"]`. Passes: `verbs: ["*"]`, `verbs: ["get", "list"]`.',
    ].join('\n'),
  },
  check(context) {
    for (const target of targetRules(context.value)) {
      for (const field of LISTS[target.kind]) {
        const list = target.value[field];
        if (Array.isArray(list) && list.length > 1 && list.includes('*')) {
          // Reported at the "*" entry (a list check names its item); the fix rewrites the list.
          const listPath = [...target.path, field];
          context.report({ path: [...listPath, list.indexOf('*')], message: `"*" must be the only entry of ${field}; it already matches everything`, fix: { path: listPath, text: '["*"]' } });
        }
      }
    }
  },
});
