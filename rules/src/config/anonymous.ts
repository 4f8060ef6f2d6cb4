import { defineRule } from '@platlint/core';
import { AUTHN, forRepeats, obj } from './shared.js';
import { listOf } from '../kit/objects.js';
import docs from './anonymous.md';

export default defineRule({
  meta: {
    id: 'config/anonymous',
    description: 'Anonymous conditions only with enabled: true; condition paths given and unique.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'API document C, AuthenticationConfiguration (AnonymousAuthConfig, AnonymousAuthCondition); upstream (API server configuration loading, AuthenticationConfiguration)',
    docs,
    messages: {
      conditionsWhileDisabled:
        'conditions have no effect while anonymous.enabled is false; set enabled: true or remove the conditions',
      noPath: 'path is {{state}}; name the request path anonymous access is allowed for, e.g. "/livez"',
      repeatedPath: 'path {{path}} is already listed in conditions[{{firstIndex}}]; remove the repeat',
    },
  },
  check(context) {
    const anonymous = obj(context.value.anonymous);
    if (!anonymous) return;
    const conditions = listOf(anonymous.conditions);
    if (conditions.length > 0 && anonymous.enabled !== true) {
      context.report({ path: ['anonymous', 'conditions'], messageId: 'conditionsWhileDisabled' });
    }
    const paths = conditions.map((c, k) => ({ value: obj(c)?.path, k }));
    for (const { value, k } of paths) {
      // The server ignores condition paths; the spec requires them.
      if (value === '' || value === undefined || value === null) {
        context.report({
          path: ['anonymous', 'conditions', k, 'path'],
          severity: 'warning',
          messageId: 'noPath',
          data: { state: value === '' ? 'empty' : 'missing' },
          target: 'missing',
        });
      }
    }
    forRepeats(
      paths,
      (p) => (typeof p.value === 'string' && p.value !== '' ? p.value : undefined),
      (later, first) =>
        context.report({
          path: ['anonymous', 'conditions', later.k, 'path'],
          messageId: 'repeatedPath',
          data: { path: JSON.stringify(later.value), firstIndex: first.k },
          severity: 'warning',
        }),
    );
  },
});
