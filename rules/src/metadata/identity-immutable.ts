import { defineRule, isJsonObject } from '@platlint/core';

interface Identity {
  name?: unknown;
  namespace?: unknown;
  uid?: unknown;
}

function identityOf(value: Record<string, unknown>): Identity {
  const metadata = value.metadata;
  return isJsonObject(metadata) ? metadata : {};
}

const isSet = (v: unknown): v is string => typeof v === 'string' && v !== '';

export default defineRule({
  meta: {
    id: 'metadata/identity-immutable',
    description: 'An update keeps the name, namespace and uid of the stored object.',
    kinds: '*',
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, metadata)',
    docs: [
      'An update rule, active with `platlint lint --old PATH`: `metadata.name`, `metadata.namespace`',
      'and `metadata.uid` name the object, and the server refuses an update that changes them',
      '("field is immutable"). To rename an object, create one under the new name and delete the',
      'old one.',
      '',
      'The stored object is the one of the same kind, namespace and name; when `--old` holds a',
      'single object of the kind (and the run a single unmatched one), that one is the stored object',
      'even under another name, since a rename is an update too.',
      '',
      'A field left out on either side is not a change: the request supplies the namespace, and the',
      'server keeps the stored uid. `creationTimestamp` is not checked: the server silently keeps',
      'the stored value.',
      '',
      'Fails (stored `name: web`):',
      '',
      '```yaml',
      'metadata:',
      '  name: web-v2',
      '```',
      '',
      'Passes: the stored name, namespace and uid, or none of namespace and uid.',
    ].join('\n'),
  },
  check(context) {
    if (!context.old) return;
    const now = identityOf(context.value);
    const before = identityOf(context.old.value);
    for (const field of ['name', 'namespace', 'uid'] as const) {
      const value = now[field];
      const stored = before[field];
      // Either side left out says nothing: the request (or the server) fills it in.
      if (!isSet(value) || !isSet(stored) || value === stored) continue;
      context.report({
        path: ['metadata', field],
        message: `metadata.${field} cannot change on update (stored: "${stored}"); ${field === 'uid' ? 'remove uid or keep the stored one' : `create the object under the new ${field} and delete the old one instead`}`,
      });
    }
  },
});
