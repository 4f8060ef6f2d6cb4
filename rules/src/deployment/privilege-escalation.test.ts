import { RuleTester } from '@platlint/core/testing';
import { deploymentWithContainer } from './fixtures.js';
import rule from './privilege-escalation.js';

const security = (context: string): string => deploymentWithContainer(`        securityContext: ${context}\n`);
const at = 'spec.template.spec.containers[0].securityContext';

RuleTester.run(rule, {
  valid: [
    { yaml: security('{privileged: true}') },
    { yaml: security('{allowPrivilegeEscalation: false, capabilities: {add: [NET_ADMIN], drop: [ALL]}}') },
    // Only the CAP_-prefixed spelling is checked by the server.
    { yaml: security('{allowPrivilegeEscalation: false, capabilities: {add: [SYS_ADMIN]}}') },
  ],
  invalid: [
    {
      yaml: security('{allowPrivilegeEscalation: false, privileged: true}'),
      errors: [{ path: at, messageId: 'contradictsPrivileged' }],
    },
    {
      yaml: security('{allowPrivilegeEscalation: false, capabilities: {add: [CAP_SYS_ADMIN]}}'),
      errors: [{ path: at, messageId: 'contradictsSysAdmin' }],
    },
  ],
});
