import { defineRule } from '@platlint/core';
import { AUTHZ, forRepeats, obj } from './shared.js';
import { filled, listOf } from '../kit/objects.js';
import docs from './authorizer-unique.md';

export default defineRule({
  meta: {
    id: 'config/authorizer-unique',
    description: 'Authorizer names are unique, and each non-Webhook type appears at most once.',
    kinds: [AUTHZ],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'API document C, AuthorizationConfiguration (AuthorizerConfiguration); upstream (API server configuration loading, AuthorizationConfiguration)',
    docs,
    messages: {
      repeatedType: 'type {{type}} is already authorizers[{{firstIndex}}]; a built-in authorizer is listed once',
      repeatedName: 'name {{name}} is already used by authorizers[{{firstIndex}}]; give each authorizer its own name',
    },
  },
  check(context) {
    const entries = listOf(context.value.authorizers).flatMap((a, i) => {
      const authorizer = obj(a);
      return authorizer ? [{ authorizer, i }] : [];
    });
    const repeatedType = new Set<number>();
    forRepeats(
      entries,
      ({ authorizer }) => (filled(authorizer.type) && authorizer.type !== 'Webhook' ? authorizer.type : undefined),
      (later, first) => {
        repeatedType.add(later.i);
        context.report({
          path: ['authorizers', later.i, 'type'],
          messageId: 'repeatedType',
          data: { type: later.authorizer.type as string, firstIndex: first.i },
        });
      },
    );
    forRepeats(
      entries.filter((e) => !repeatedType.has(e.i)),
      ({ authorizer }) => (filled(authorizer.name) ? authorizer.name : undefined),
      (later, first) =>
        context.report({
          path: ['authorizers', later.i, 'name'],
          messageId: 'repeatedName',
          data: { name: JSON.stringify(later.authorizer.name), firstIndex: first.i },
        }),
    );
  },
});
