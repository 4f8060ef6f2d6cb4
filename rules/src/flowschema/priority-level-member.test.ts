import { RuleTester } from '@platlint/core/testing';
import rule from './priority-level-member.js';

const level = (spec: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: PriorityLevelConfiguration
metadata: {name: exempt}
spec:
${spec}`;
const limited = '  limited: {nominalConcurrencyShares: 10, limitResponse: {type: Reject}}\n';

RuleTester.run(rule, {
  valid: [
    { name: 'limited', yaml: level(`  type: Limited\n${limited}`) },
    { name: 'exempt with settings', yaml: level('  type: Exempt\n  exempt: {nominalConcurrencyShares: 0}\n') },
    { name: 'exempt alone', yaml: level('  type: Exempt\n') },
  ],
  invalid: [
    {
      name: 'limited without its member',
      yaml: level('  type: Limited\n'),
      errors: [{ path: 'spec.limited', messageId: 'limitedNeedsMember', line: 4 }],
    },
    {
      name: 'limited with an exempt member',
      yaml: level(`  type: Limited\n${limited}  exempt: {}\n`),
      errors: [{ path: 'spec.exempt', messageId: 'limitedHasExempt', line: 7, column: 3 }],
    },
    {
      name: 'exempt with a limited member',
      yaml: level(`  type: Exempt\n${limited}`),
      errors: [{ path: 'spec.limited', messageId: 'exemptHasLimited' }],
    },
  ],
});
