import { defineRule, isJsonObject } from '@platlint/core';
import { containersOf } from '../kit/paths.js';
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
      const at = [...path, 'securityContext'];
      if (security.privileged === true) {
        context.report({ path: at, messageId: 'contradictsPrivileged' });
      }
      const added =
        isJsonObject(security.capabilities) && Array.isArray(security.capabilities.add) ? security.capabilities.add : [];
      if (added.includes('CAP_SYS_ADMIN')) {
        context.report({ path: at, messageId: 'contradictsSysAdmin' });
      }
    }
  },
});
