import { defineRule } from '@platlint/core';
import { FS_KIND, policyRules } from './shape.js';
import { isObject, listAt, objAt } from '../kit/objects.js';
import { formats } from '../kit/names.js';
import docs from './subject-name.md';

export default defineRule({
  meta: {
    id: 'flowschema/subject-name',
    description: 'FlowSchema subject names are non-empty; a service-account name is "*" or a DNS subdomain.',
    kinds: [FS_KIND],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'API document B, FlowSchema (UserSubject, GroupSubject, ServiceAccountSubject); upstream (API server validation, FlowSchema)',
    docs,
    messages: {
      emptyName: '{{member}}.name must not be empty; use "*" to match every {{what}}',
      badServiceAccount: 'service account name "{{name}}" {{problem}} (it must be a ServiceAccount name or "*")',
    },
  },
  check(context) {
    for (const rule of policyRules(context.value)) {
      (listAt(rule.value, 'subjects') ?? []).forEach((subject, j) => {
        if (!isObject(subject)) return;
        for (const member of ['user', 'group', 'serviceAccount']) {
          const name = objAt(subject, member)?.name;
          if (typeof name !== 'string') continue; // absent: schema/required; other types: schema/type
          const path = [...rule.path, 'subjects', j, member, 'name'];
          if (name === '') {
            context.report({
              path,
              messageId: 'emptyName',
              data: { member, what: member === 'group' ? 'group' : member === 'user' ? 'user' : 'service account' },
            });
          } else if (member === 'serviceAccount' && name !== '*') {
            const problem = formats['dns-subdomain'](name);
            if (problem) context.report({ path, messageId: 'badServiceAccount', data: { name, problem } });
          }
        }
      });
    }
  },
});
