import { defineRule } from '@platlint/core';
import { isObject } from '../kit/objects.js';
import { formats } from '../kit/names.js';
import docs from './finalizers.md';

/** The finalizers the platform itself defines; any other name needs a domain prefix. */
const STANDARD = new Set(['kubernetes', 'orphan', 'foregroundDeletion']);
/**
 * Kinds the server validates with the generic metadata checks alone, which hold a finalizer to
 * the qualified-name syntax but do not ask for a prefix: core v1 Events, and the admission
 * policies and bindings (their validation calls the generic ObjectMeta check, not the core one).
 */
const GENERIC_ONLY = new Set([
  'Event',
  'MutatingAdmissionPolicy.admissionregistration.plat.io',
  'MutatingAdmissionPolicyBinding.admissionregistration.plat.io',
]);

export default defineRule({
  meta: {
    id: 'metadata/finalizers',
    description:
      'Finalizer names are qualified names, prefixed unless standard, and orphan and foregroundDeletion exclude each other.',
    kinds: '*',
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, metadata of every object); API document A, Shared types (ObjectMeta)',
    docs,
    messages: {
      badName: 'finalizer "{{name}}" {{problem}}',
      noDomain:
        'finalizer "{{name}}" is neither a standard finalizer (kubernetes, orphan, foregroundDeletion) nor prefixed with a domain; write it as "example.com/{{name}}"',
      orphanAndForeground:
        'finalizers "orphan" and "foregroundDeletion" cannot both be set: one keeps the dependents, the other deletes them first; keep one',
    },
  },
  check(context) {
    if (context.kind.scope === 'config') return;
    const metadata = context.value.metadata;
    const finalizers = isObject(metadata) ? metadata.finalizers : undefined;
    if (!Array.isArray(finalizers)) return;
    const strict = !GENERIC_ONLY.has(context.kind.groupKind);
    for (const [i, name] of finalizers.entries()) {
      if (typeof name !== 'string') continue; // schema/type reports it
      const problem = formats['label-key'](name);
      if (problem) context.report({ path: ['metadata', 'finalizers', i], messageId: 'badName', data: { name, problem } });
      else if (strict && !name.includes('/') && !STANDARD.has(name)) {
        context.report({ path: ['metadata', 'finalizers', i], messageId: 'noDomain', data: { name } });
      }
    }
    if (finalizers.includes('orphan') && finalizers.includes('foregroundDeletion')) {
      context.report({
        path: ['metadata', 'finalizers', finalizers.indexOf('foregroundDeletion')],
        messageId: 'orphanAndForeground',
      });
    }
  },
});
