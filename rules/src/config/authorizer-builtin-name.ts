import { defineRule } from '@platlint/core';
import { AUTHZ, obj } from './shared.js';
import { filled, listOf } from '../kit/objects.js';
import docs from './authorizer-builtin-name.md';

const BUILTIN = new Set(['AlwaysAllow', 'AlwaysDeny', 'ABAC', 'RBAC', 'Node']);

export default defineRule({
  meta: {
    id: 'config/authorizer-builtin-name',
    description: 'A built-in (non-Webhook) authorizer must be named after its type, lowercased.',
    kinds: [AUTHZ],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server configuration loading, AuthorizationConfiguration)',
    fixable: true,
    docs,
    messages: {
      wrongName: 'a {{type}} authorizer must be named {{expected}}',
    },
  },
  check(context) {
    const seen = new Set<string>();
    listOf(context.value.authorizers).forEach((a, i) => {
      const authorizer = obj(a);
      const type = authorizer?.type;
      if (typeof type !== 'string' || !BUILTIN.has(type) || !filled(authorizer?.name)) return;
      // A repeated built-in type is refused as a duplicate (config/authorizer-unique) before
      // the server looks at names, which it checks only in a file that is otherwise valid.
      if (seen.has(type)) return;
      seen.add(type);
      const expected = type.toLowerCase();
      if (authorizer.name !== expected) {
        context.report({
          path: ['authorizers', i, 'name'],
          messageId: 'wrongName',
          data: { type, expected: JSON.stringify(expected) },
          fix: { text: expected },
        });
      }
    });
  },
});
