import { defineRule } from '@platlint/core';
import { FS_KIND } from './shape.js';
import { nameOf } from '../kit/objects.js';
import docs from './precedence-reserved.md';

export default defineRule({
  meta: {
    id: 'flowschema/precedence-reserved',
    description: 'matchingPrecedence 1 is reserved for the built-in "exempt" FlowSchema.',
    kinds: [FS_KIND],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, FlowSchema)',
    docs,
    messages: {
      reserved: 'matchingPrecedence 1 is reserved for the built-in "exempt" FlowSchema; use 2 or higher',
    },
  },
  check(context) {
    if (nameOf(context.value) === 'exempt') return;
    if (context.effective(['spec', 'matchingPrecedence']) !== 1) return;
    context.report({ path: ['spec', 'matchingPrecedence'], messageId: 'reserved' });
  },
});
