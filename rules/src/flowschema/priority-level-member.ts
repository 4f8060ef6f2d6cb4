import { defineRule } from '@platlint/core';
import { PLC_KIND } from './shape.js';
import { objAt } from '../kit/objects.js';
import docs from './priority-level-member.md';

export default defineRule({
  meta: {
    id: 'flowschema/priority-level-member',
    description: 'A PriorityLevelConfiguration sets the member its type names: limited for Limited, not limited for Exempt.',
    kinds: [PLC_KIND],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API types, flowcontrol/v1.PriorityLevelConfigurationSpec)',
    docs,
    messages: {
      limitedNeedsMember: 'type "Limited" needs the limited member (nominalConcurrencyShares and limitResponse)',
      limitedHasExempt: 'exempt is not allowed when type is "Limited"; remove it or set type to "Exempt"',
      exemptHasLimited: 'limited is not allowed when type is "Exempt"; remove it or set type to "Limited"',
    },
  },
  check(context) {
    const spec = objAt(context.value, 'spec');
    const type = spec?.type;
    if (!spec || (type !== 'Limited' && type !== 'Exempt')) return; // absent or unknown: schema findings
    const present = (member: string) => spec[member] !== undefined && spec[member] !== null;
    if (type === 'Limited') {
      if (!present('limited')) context.report({ path: ['spec', 'limited'], target: 'key', messageId: 'limitedNeedsMember' });
      if (present('exempt')) context.report({ path: ['spec', 'exempt'], target: 'key', messageId: 'limitedHasExempt' });
    } else if (present('limited')) {
      context.report({ path: ['spec', 'limited'], target: 'key', messageId: 'exemptHasLimited' });
    }
  },
});
