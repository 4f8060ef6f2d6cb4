import { defineRule } from '@platlint/core';
import docs from './list-item-kind.md';

export default defineRule({
  meta: {
    id: 'metadata/list-item-kind',
    description: 'An item of a typed List has the kind and apiVersion of that List.',
    kinds: '*',
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Shared list envelope (items of the listed kind); API document A, Versioning',
    docs,
  },
  check(context) {
    if (context.object.prefix.length === 0) return;
    const { kind, apiVersion } = context.value;
    const list = `${context.kind.listKind ?? `${context.kind.kind}List`} (${context.kind.apiVersion})`;
    if (typeof kind === 'string' && kind !== context.kind.kind) {
      context.report({ path: ['kind'], message: `item says kind "${kind}", but ${list} holds ${context.kind.kind} objects; move it to a list of its kind or use kind "${context.kind.kind}"` });
    }
    if (typeof apiVersion === 'string' && apiVersion !== context.kind.apiVersion) {
      context.report({ path: ['apiVersion'], message: `item says apiVersion "${apiVersion}", but ${list} holds ${context.kind.kind} objects of apiVersion "${context.kind.apiVersion}"` });
    }
  },
});
