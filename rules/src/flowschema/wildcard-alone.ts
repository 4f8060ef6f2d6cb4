import { defineRule } from '@platlint/core';
import type { FieldPath } from '@platlint/core';

const RESOURCE_LISTS = ['verbs', 'apiGroups', 'resources', 'namespaces'] as const;
const NON_RESOURCE_LISTS = ['verbs', 'nonResourceURLs'] as const;

export default defineRule({
  meta: {
    id: 'flowschema/wildcard-alone',
    description: "A '*' in a FlowSchema rule list must be the list's only entry.",
    kinds: ['FlowSchema.flowcontrol.apiserver.plat.io'],
    severity: 'error',
    source: 'B FlowSchema (ResourcePolicyRule, NonResourcePolicyRule)',
    fixable: true,
    docs: [
      "In `verbs`, `apiGroups`, `resources`, `namespaces` and `nonResourceURLs`, `*` matches",
      'everything, and if present it must be the only entry: a list such as `["get", "*"]` is',
      'rejected. The fix replaces the list with `["*"]`, which matches what was evidently meant.',
    ].join('\n'),
  },
  check(context) {
    const rules = (context.value.spec as { rules?: unknown } | undefined)?.rules;
    if (!Array.isArray(rules)) return;
    rules.forEach((rule: Record<string, unknown> | null, i) => {
      if (!rule || typeof rule !== 'object') return;
      const check = (kind: 'resourceRules' | 'nonResourceRules', fields: readonly string[]): void => {
        const entries = rule[kind];
        if (!Array.isArray(entries)) return;
        entries.forEach((entry: Record<string, unknown> | null, j) => {
          for (const field of fields) {
            const list = entry?.[field];
            if (Array.isArray(list) && list.length > 1 && list.includes('*')) {
              const path: FieldPath = ['spec', 'rules', i, kind, j, field];
              context.report({ path, message: `'*' must be the only entry of ${field}; it already matches everything`, fix: { text: '["*"]' } });
            }
          }
        });
      };
      check('resourceRules', RESOURCE_LISTS);
      check('nonResourceRules', NON_RESOURCE_LISTS);
    });
  },
});
