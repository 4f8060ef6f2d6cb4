import { defineRule, reportBesideLoneEntry } from '@platlint/core';
import { FS_KIND, targetRules } from './shape.js';
import docs from './wildcard-alone.md';

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
    docs,
    messages: {
      notAlone: '{{entry}} must be removed: "*" must be the only entry of {{field}}, and it already matches everything',
    },
  },
  check(context) {
    for (const target of targetRules(context.value)) {
      for (const field of LISTS[target.kind]) {
        const list = target.value[field];
        if (!Array.isArray(list)) continue;
        reportBesideLoneEntry(context, [...target.path, field], list, '*', (entry) => ({
          messageId: 'notAlone',
          data: { entry: JSON.stringify(entry), field },
        }));
      }
    }
  },
});
