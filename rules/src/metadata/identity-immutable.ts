import { defineRule } from '@platlint/core';
import { filled, isObject } from '../kit/objects.js';
import type { Obj } from '../kit/objects.js';
import docs from './identity-immutable.md';

interface Identity {
  name?: unknown;
  namespace?: unknown;
  uid?: unknown;
}

function identityOf(value: Obj): Identity {
  const metadata = value.metadata;
  return isObject(metadata) ? metadata : {};
}

export default defineRule({
  meta: {
    id: 'metadata/identity-immutable',
    description: 'An update keeps the name, namespace and uid of the stored object.',
    kinds: '*',
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, metadata)',
    docs,
    messages: {
      uidChanged: 'metadata.uid cannot change on update (stored: "{{stored}}"); remove uid or keep the stored one',
      identityChanged:
        'metadata.{{field}} cannot change on update (stored: "{{stored}}"); create the object under the new {{field}} and delete the old one instead',
    },
  },
  check(context) {
    if (!context.old) return;
    const now = identityOf(context.value);
    const before = identityOf(context.old.value);
    for (const field of ['name', 'namespace', 'uid'] as const) {
      const value = now[field];
      const stored = before[field];
      // Either side left out says nothing: the request (or the server) fills it in.
      if (!filled(value) || !filled(stored) || value === stored) continue;
      context.report({
        path: ['metadata', field],
        ...(field === 'uid'
          ? { messageId: 'uidChanged', data: { stored } }
          : { messageId: 'identityChanged', data: { field, stored } }),
      });
    }
  },
});
