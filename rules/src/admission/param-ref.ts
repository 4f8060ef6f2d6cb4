import { defineRule } from '@platlint/core';
import { BINDING, specOf } from './shared.js';
import { isObject } from '../kit/objects.js';
import { formats } from '../kit/names.js';
import docs from './param-ref.md';

export default defineRule({
  meta: {
    id: 'admission/param-ref',
    description: "A binding's paramRef sets exactly one of name and selector, and parameterNotFoundAction.",
    kinds: [BINDING],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server MutatingAdmissionPolicy admission, objects, defaults and validation, params)',
    docs,
    messages: {
      nameAndSelector:
        'paramRef sets both name and selector; keep one: name for a single parameter object, selector for every matching one',
      neither: 'paramRef needs a name or a selector to find its parameter objects',
      badNamespace:
        'paramRef.namespace "{{namespace}}" {{problem}}, so no namespace has that name and the parameter is never found',
      notFoundActionMissing: 'paramRef needs parameterNotFoundAction (Allow or Deny); it has no default',
    },
  },
  check(context) {
    const ref = specOf(context)?.paramRef;
    if (!isObject(ref)) return;
    const hasName = typeof ref.name === 'string' && ref.name !== '';
    const hasSelector = ref.selector !== undefined && ref.selector !== null;
    if (hasName && hasSelector) {
      context.report({ path: ['spec', 'paramRef', 'selector'], target: 'key', messageId: 'nameAndSelector' });
    } else if (!hasName && !hasSelector) {
      context.report({ path: ['spec', 'paramRef'], target: 'key', messageId: 'neither' });
    }
    if (typeof ref.namespace === 'string' && ref.namespace !== '' && formats['path-segment'](ref.namespace) === undefined) {
      // Accepted by the server, but a namespace name is a DNS label, so this one can never match.
      const problem = formats['dns-label'](ref.namespace);
      if (problem)
        context.report({
          path: ['spec', 'paramRef', 'namespace'],
          severity: 'warning',
          messageId: 'badNamespace',
          data: { namespace: ref.namespace, problem },
        });
    }
    if (ref.parameterNotFoundAction === undefined || ref.parameterNotFoundAction === null || ref.parameterNotFoundAction === '') {
      context.report({ path: ['spec', 'paramRef', 'parameterNotFoundAction'], messageId: 'notFoundActionMissing' });
    }
  },
});
