import { defineRule } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { authenticators, AUTHN, blank, forRepeats, obj } from './shared.js';
import { listOf } from '../kit/objects.js';
import { formats } from '../kit/names.js';
import docs from './extra-mapping.md';

const PATH_CHARS = /^[A-Za-z0-9/\-._~%!$&'()*+,;=:]+$/;
const RESERVED = ['kubernetes.io', 'plat.io'];

function shapeProblem(key: string): string | undefined {
  const slash = key.indexOf('/');
  if (slash === -1) return `key ${JSON.stringify(key)} is not domain-prefixed; write it as "example.com/${key}"`;
  const domain = key.slice(0, slash);
  const rest = key.slice(slash + 1);
  const domainProblem = formats['dns-subdomain'](domain);
  if (domainProblem) return `the domain ${JSON.stringify(domain)} of key ${JSON.stringify(key)} ${domainProblem}`;
  if (!PATH_CHARS.test(rest))
    return `the path after "${domain}/" must be non-empty URL path characters (letters, digits and -._~%!$&'()*+,;=:/)`;
  return undefined;
}

export default defineRule({
  meta: {
    id: 'config/extra-mapping',
    description: 'Extra mapping keys are unique, lowercase, domain-prefixed and not reserved; each has a valueExpression.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    fixable: true,
    source:
      'API document C, AuthenticationConfiguration (ExtraMapping); upstream (API server configuration loading, AuthenticationConfiguration)',
    docs,
    messages: {
      // shapeProblem words the whole sentence, key included.
      badKey: '{{problem}}',
      emptyKey: 'key is empty; name the attribute, e.g. "example.com/department"',
      upperCaseKey: 'key {{key}} must be lowercase',
      reservedDomain: 'key {{key}} is under the reserved domain {{reserved}}; use a domain of your own',
      emptyExpression: 'valueExpression is empty; write a CEL expression giving a string or a list of strings',
      repeatedKey: 'key {{key}} is already mapped by extra[{{firstIndex}}]; each key appears once',
    },
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const entries = listOf(obj(jwt.claimMappings)?.extra).flatMap((e, j) => {
        const entry = obj(e);
        return entry ? [{ entry, at: [...path, 'claimMappings', 'extra', j] as FieldPath }] : [];
      });
      for (const { entry, at } of entries) {
        const key = entry.key;
        if (typeof key === 'string') {
          if (key === '') {
            context.report({ path: [...at, 'key'], messageId: 'emptyKey' });
          } else {
            const lower = key.toLowerCase();
            if (lower !== key)
              context.report({
                path: [...at, 'key'],
                messageId: 'upperCaseKey',
                data: { key: JSON.stringify(key) },
                fix: { text: lower },
              });
            const problem = shapeProblem(lower);
            if (problem) context.report({ path: [...at, 'key'], messageId: 'badKey', data: { problem } });
            const domain = lower.split('/')[0] ?? '';
            const reserved = RESERVED.find((r) => domain === r || domain.endsWith(`.${r}`));
            if (!problem && reserved)
              context.report({ path: [...at, 'key'], messageId: 'reservedDomain', data: { key: JSON.stringify(key), reserved } });
          }
        }
        if (blank(entry.valueExpression)) context.report({ path: [...at, 'valueExpression'], messageId: 'emptyExpression' });
      }
      forRepeats(
        entries,
        ({ entry }) => (typeof entry.key === 'string' && entry.key !== '' ? entry.key : undefined),
        (later, first) =>
          context.report({
            path: [...later.at, 'key'],
            messageId: 'repeatedKey',
            data: { key: JSON.stringify(later.entry.key), firstIndex: String(first.at[4]) },
          }),
      );
    }
  },
});
