import { defineRule } from '@platlint/core';
import { FS_KIND, targetRules } from './shape.js';
import docs from './supported-verbs.md';

const VERBS = ['get', 'list', 'create', 'update', 'delete', 'deletecollection', 'patch', 'watch', 'proxy'];

export default defineRule({
  meta: {
    id: 'flowschema/supported-verbs',
    description: 'FlowSchema rule verbs are "*" or request verbs the server knows, in lowercase.',
    kinds: [FS_KIND],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, FlowSchema)',
    fixable: true,
    docs,
    messages: {
      uppercase: 'verb "{{verb}}" must be lowercase: "{{lower}}"',
      unknownVerb: 'verb "{{verb}}" is not a request verb; use one of {{verbs}}, or "*"',
    },
  },
  check(context) {
    for (const target of targetRules(context.value)) {
      const verbs = target.value.verbs;
      if (!Array.isArray(verbs) || verbs.includes('*')) continue; // "*" is wildcard-alone's matter
      verbs.forEach((verb, k) => {
        if (typeof verb !== 'string' || VERBS.includes(verb)) return;
        const lower = verb.toLowerCase();
        const path = [...target.path, 'verbs', k];
        if (VERBS.includes(lower)) context.report({ path, messageId: 'uppercase', data: { verb, lower }, fix: { text: lower } });
        else context.report({ path, messageId: 'unknownVerb', data: { verb, verbs: VERBS.join(', ') } });
      });
    }
  },
});
