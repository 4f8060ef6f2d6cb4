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
    messages: {
      otherKind:
        'item says kind "{{kind}}", but {{list}} holds {{listKind}} objects; move it to a list of its kind or use kind "{{listKind}}"',
      otherApiVersion:
        'item says apiVersion "{{apiVersion}}", but {{list}} holds {{listKind}} objects of apiVersion "{{listApiVersion}}"',
    },
  },
  check(context) {
    if (context.object.prefix.length === 0) return;
    const { kind, apiVersion } = context.value;
    const list = `${context.kind.listKind ?? `${context.kind.kind}List`} (${context.kind.apiVersion})`;
    if (typeof kind === 'string' && kind !== context.kind.kind) {
      context.report({ path: ['kind'], messageId: 'otherKind', data: { kind, list, listKind: context.kind.kind } });
    }
    if (typeof apiVersion === 'string' && apiVersion !== context.kind.apiVersion) {
      context.report({
        path: ['apiVersion'],
        messageId: 'otherApiVersion',
        data: { apiVersion, list, listKind: context.kind.kind, listApiVersion: context.kind.apiVersion },
      });
    }
  },
});
