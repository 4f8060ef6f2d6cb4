import { defineRule, isJsonObject } from '@platlint/core';
import { containersOf } from '../kit/paths.js';
import { listAt } from '../kit/objects.js';
import docs from './privilege-escalation.md';

export default defineRule({
  meta: {
    id: 'deployment/privilege-escalation',
    description: 'A container that forbids privilege escalation is not privileged and does not add CAP_SYS_ADMIN.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (container securityContext)',
    docs,
    messages: {
      contradictsPrivileged: 'allowPrivilegeEscalation false contradicts privileged true; drop one of them',
      contradictsSysAdmin: 'allowPrivilegeEscalation false contradicts adding CAP_SYS_ADMIN; drop one of them',
    },
  },
  check(context) {
    for (const { container, path } of containersOf(context.value)) {
      const security = container.securityContext;
      if (!isJsonObject(security) || security.allowPrivilegeEscalation !== false) continue;
      if (security.privileged === true) {
        context.report({ path: [...path, 'securityContext'], messageId: 'contradictsPrivileged' });
      }
      if (listAt(security.capabilities, 'add')?.includes('CAP_SYS_ADMIN')) {
        context.report({ path: [...path, 'securityContext'], messageId: 'contradictsSysAdmin' });
      }
    }
  },
});
