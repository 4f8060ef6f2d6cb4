import { defineRule, reportBesideLoneEntry } from '@platlint/core';
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
      'rejected. Each other entry is reported, and its fix removes that entry alone (in a block',
      'list, its line and its own comment): the list already matched everything, so it keeps what',
      'it matches, and its style and the other comments stay.',
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
        if (!Array.isArray(list)) continue;
        reportBesideLoneEntry(context, [...target.path, field], list, '*', (entry) => `${JSON.stringify(entry)} must be removed: "*" must be the only entry of ${field}, and it already matches everything`);
      }
    }
  },
});
