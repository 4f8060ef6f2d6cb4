import { defineRule } from '@platlint/core';
import { POLICY, specOf } from './shared.js';
import { isObject, listOf } from '../kit/objects.js';
import docs from './unique-match-condition-names.md';

export default defineRule({
  meta: {
    id: 'admission/unique-match-condition-names',
    description: 'Match condition names of a mutating admission policy must be unique.',
    kinds: [POLICY],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, MutatingAdmissionPolicy (MutatingAdmissionPolicySpec.matchConditions)',
    docs,
    messages: {
      repeated: 'match condition name "{{name}}" is already used by an earlier condition; names must be unique',
    },
  },
  check(context) {
    const seen = new Set<string>();
    listOf(specOf(context)?.matchConditions).forEach((c, i) => {
      const name = isObject(c) ? c.name : undefined;
      if (typeof name !== 'string') return;
      if (seen.has(name)) context.report({ path: ['spec', 'matchConditions', i, 'name'], messageId: 'repeated', data: { name } });
      seen.add(name);
    });
  },
});
