import { defineRule } from '@platlint/core';
import { AUTHZ, filled, list, obj } from './shared.js';

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
    docs: [
      'The platform API server refuses to start when a built-in authorizer has any name other',
      'than its lowercased type (`rbac`, `node`, `abac`, `alwaysallow`, `alwaysdeny`): metrics',
      'and logs use those fixed names. The fix writes the expected name.',
      '',
      'Fails: `{type: RBAC, name: roles}`',
      'Passes: `{type: RBAC, name: rbac}`',
      '',
      'The spec only says the name is a DNS label used in metrics; this is the platform API',
      'server\'s own check (upstream runs it only when the file is otherwise valid).',
    ].join('\n'),
  },
  check(context) {
    const seen = new Set<string>();
    list(context.value.authorizers).forEach((a, i) => {
      const authorizer = obj(a);
      const type = authorizer?.type;
      if (typeof type !== 'string' || !BUILTIN.has(type) || !filled(authorizer?.name)) return;
      // A repeated built-in type is refused as a duplicate (config/authorizer-unique) before
      // the server looks at names, which it checks only in a file that is otherwise valid.
      if (seen.has(type)) return;
      seen.add(type);
      const expected = type.toLowerCase();
      if (authorizer.name !== expected) {
        context.report({ path: ['authorizers', i, 'name'], message: `a ${type} authorizer must be named ${JSON.stringify(expected)}`, fix: { text: expected } });
      }
    });
  },
});
