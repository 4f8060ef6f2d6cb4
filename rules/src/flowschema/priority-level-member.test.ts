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
    { name: 'limited without its member', yaml: level('  type: Limited\n'), errors: [{ path: 'spec.limited', message: 'type "Limited" needs the limited member (nominalConcurrencyShares and limitResponse)', line: 4 }] },
    {
      name: 'limited with an exempt member',
      yaml: level(`  type: Limited\n${limited}  exempt: {}\n`),
      errors: [{ path: 'spec.exempt', message: 'exempt is not allowed when type is "Limited"; remove it or set type to "Exempt"', line: 7, column: 3 }],
    },
    { name: 'exempt with a limited member', yaml: level(`  type: Exempt\n${limited}`), errors: [{ path: 'spec.limited', message: 'limited is not allowed when type is "Exempt"; remove it or set type to "Limited"' }] },
  ],
});
