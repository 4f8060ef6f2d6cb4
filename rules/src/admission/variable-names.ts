import { defineRule } from '@platlint/core';
import { POLICY, specOf, variableNames } from './shared.js';

// CEL's reserved words cannot name a variable (upstream checks this too).
const RESERVED = new Set(['true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while']);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export default defineRule({
  meta: {
    id: 'admission/variable-names',
    description: 'Variable names of a mutating admission policy must be CEL identifiers, and should be unique.',
    kinds: [POLICY],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, MutatingAdmissionPolicy (MutatingAdmissionPolicySpec.variables)',
    docs: [
      'Each variable is read as `variables.<name>` in later variables and in mutations, so its name',
      'must be a CEL identifier (a letter or `_`, then letters, digits or `_`; no `-` or `.`) and must',
      'not be a CEL reserved word such as `in` or `namespace` (errors), and should not repeat: a',
      'second variable of the same name could never be reached (a warning).',
      '',
      'The spec states how variables are used; the identifier and reserved-word rules are upstream\'s',
      '(API server validation, MutatingAdmissionPolicy). Uniqueness comes from the spec\'s `variables.<name>` lookup: a',
      'repeated name makes that lookup ambiguous. The server does not refuse it (its `variables` list is',
      'atomic and validation has no duplicate check), so a repeated name is reported as a warning.',
      '',
      'Fails: `variables: [{name: min-replicas, expression: "2"}]`.',
      'Passes: `variables: [{name: minReplicas, expression: "2"}]`.',
    ].join('\n'),
  },
  check(context) {
    const names = variableNames(specOf(context));
    names.forEach((name, i) => {
      if (name === undefined) return;
      const path = ['spec', 'variables', i, 'name'];
      if (!IDENTIFIER.test(name)) context.report({ path, message: `variable name "${name}" is not a CEL identifier; use letters, digits and "_" only, not starting with a digit` });
      else if (RESERVED.has(name)) context.report({ path, message: `variable name "${name}" is a CEL reserved word; choose another name` });
      // The server stores the policy (see the docs): a warning, not a refusal.
      else if (names.indexOf(name) < i) context.report({ path, severity: 'warning', message: `variable name "${name}" is already used by an earlier variable; names should be unique` });
    });
  },
});
