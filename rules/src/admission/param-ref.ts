import { defineRule, formats } from '@platlint/core';
import { BINDING, isJsonObject, specOf } from './shared.js';

export default defineRule({
  meta: {
    id: 'admission/param-ref',
    description: 'A binding\'s paramRef sets exactly one of name and selector, and parameterNotFoundAction.',
    kinds: [BINDING],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server MutatingAdmissionPolicy admission, objects, defaults and validation, params)',
    docs: [
      '`paramRef` finds the parameter resources either by `name` (one object) or by `selector` (every',
      'matching object, one invocation each). Exactly one of them must be set: with neither the binding',
      'names no parameter, with both it is ambiguous. `parameterNotFoundAction` is required and must be',
      '`Allow` or `Deny` (the schema checks its value): the `v1` API has no default for it (only the',
      'old alpha API defaulted it to `Deny`), and the server refuses a paramRef without it.',
      '',
      'The spec does not show the binding\'s fields; this is upstream\'s validation.',
      '',
      'A `namespace` that is not a DNS label is a warning: the server takes any name usable in a URL',
      'path (the schema checks that much), but no namespace can have such a name, so the parameter',
      'is never found and `parameterNotFoundAction` decides every request.',
      '',
      'Fails: `paramRef: {name: replica-policy, selector: {matchLabels: {app: web}}}`.',
      'Fails: `paramRef: {name: replica-policy}` (no parameterNotFoundAction).',
      'Passes: `paramRef: {name: replica-policy, parameterNotFoundAction: Deny}`.',
    ].join('\n'),
  },
  check(context) {
    const ref = specOf(context)?.paramRef;
    if (!isJsonObject(ref)) return;
    const hasName = typeof ref.name === 'string' && ref.name !== '';
    const hasSelector = ref.selector !== undefined && ref.selector !== null;
    if (hasName && hasSelector) {
      context.report({ path: ['spec', 'paramRef', 'selector'], target: 'key', message: 'paramRef sets both name and selector; keep one: name for a single parameter object, selector for every matching one' });
    } else if (!hasName && !hasSelector) {
      context.report({ path: ['spec', 'paramRef'], target: 'key', message: 'paramRef needs a name or a selector to find its parameter objects' });
    }
    if (typeof ref.namespace === 'string' && ref.namespace !== '' && formats['path-segment'](ref.namespace) === undefined) {
      // Accepted by the server, but a namespace name is a DNS label, so this one can never match.
      const problem = formats['dns-label'](ref.namespace);
      if (problem) context.report({ path: ['spec', 'paramRef', 'namespace'], severity: 'warning', message: `paramRef.namespace "${ref.namespace}" ${problem}, so no namespace has that name and the parameter is never found` });
    }
    if (ref.parameterNotFoundAction === undefined || ref.parameterNotFoundAction === null || ref.parameterNotFoundAction === '') {
      context.report({ path: ['spec', 'paramRef', 'parameterNotFoundAction'], message: 'paramRef needs parameterNotFoundAction (Allow or Deny); it has no default' });
    }
  },
});
