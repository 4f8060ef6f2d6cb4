import { CEL_RESERVED_WORDS } from '@platlint/cel';
import { defineRule } from '@platlint/core';
import { POLICY, specOf, variableNames } from './shared.js';
import docs from './variable-names.md';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export default defineRule({
  meta: {
    id: 'admission/variable-names',
    description: 'Variable names of a mutating admission policy must be CEL identifiers, and should be unique.',
    kinds: [POLICY],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, MutatingAdmissionPolicy (MutatingAdmissionPolicySpec.variables)',
    docs,
    messages: {
      notIdentifier:
        'variable name "{{name}}" is not a CEL identifier; use letters, digits and "_" only, not starting with a digit',
      reservedWord: 'variable name "{{name}}" is a CEL reserved word; choose another name',
      repeated: 'variable name "{{name}}" is already used by an earlier variable; names should be unique',
    },
  },
  check(context) {
    const names = variableNames(specOf(context));
    names.forEach((name, i) => {
      if (name === undefined) return;
      const path = ['spec', 'variables', i, 'name'];
      if (!IDENTIFIER.test(name)) context.report({ path, messageId: 'notIdentifier', data: { name } });
      else if (CEL_RESERVED_WORDS.has(name)) context.report({ path, messageId: 'reservedWord', data: { name } });
      // The server stores the policy (see the docs): a warning, not a refusal.
      else if (names.indexOf(name) < i) context.report({ path, severity: 'warning', messageId: 'repeated', data: { name } });
    });
  },
});
