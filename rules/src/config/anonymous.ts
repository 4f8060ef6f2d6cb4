import { defineRule } from '@platlint/core';
import { AUTHN, forRepeats, list, obj } from './shared.js';

export default defineRule({
  meta: {
    id: 'config/anonymous',
    description: 'Anonymous conditions only with enabled: true; condition paths non-empty and unique.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthenticationConfiguration (AnonymousAuthConfig, AnonymousAuthCondition); upstream (API server configuration loading, AuthenticationConfiguration)',
    docs: [
      '`anonymous.conditions` narrows anonymous access to some paths, which means nothing while',
      '`enabled` is false: the server rejects that combination. Each condition\'s `path` is',
      'required (an empty one matches no request), and a path listed twice is a slip (a warning).',
      '',
      'Fails: `anonymous: {enabled: false, conditions: [{path: /livez}]}`',
      'Passes: `anonymous: {enabled: true, conditions: [{path: /livez}]}` or',
      '`anonymous: {enabled: false, conditions: []}`',
      '',
      'Upstream does not validate condition paths at all; the spec makes `path` required.',
    ].join('\n'),
  },
  check(context) {
    const anonymous = obj(context.value.anonymous);
    if (!anonymous) return;
    const conditions = list(anonymous.conditions);
    if (conditions.length > 0 && anonymous.enabled !== true) {
      context.report({ path: ['anonymous', 'conditions'], message: 'conditions have no effect while anonymous.enabled is false; set enabled: true or remove the conditions' });
    }
    const paths = conditions.map((c, k) => ({ value: obj(c)?.path, k }));
    for (const { value, k } of paths) {
      if (value === '') context.report({ path: ['anonymous', 'conditions', k, 'path'], message: 'path is empty; name the request path anonymous access is allowed for, e.g. "/livez"' });
    }
    forRepeats(
      paths,
      (p) => (typeof p.value === 'string' && p.value !== '' ? p.value : undefined),
      (later, first) =>
        context.report({ path: ['anonymous', 'conditions', later.k, 'path'], message: `path ${JSON.stringify(later.value)} is already listed in conditions[${first.k}]; remove the repeat`, severity: 'warning' }),
    );
  },
});
