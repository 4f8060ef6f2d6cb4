import { defineRule } from '@platlint/core';
import { PLC_KIND, nameOf, objAt } from './shape.js';

export default defineRule({
  meta: {
    id: 'flowschema/builtin-priority-level',
    description: 'Only the built-in "exempt" level is Exempt; the built-in "catch-all" level is Limited and rejects.',
    kinds: [PLC_KIND],
    severity: 'warning',
    enforcedBy: 'advice',
    fixable: true,
    source: 'upstream (flowcontrol validation of the mandatory priority levels)',
    docs: [
      'The server creates two mandatory priority levels. `exempt` has type `Exempt`, and upstream',
      'accepts type `Exempt` for no other level: an exempt level is how the built-in `exempt` schema',
      'lets administrators past every limit, and there is only one. `catch-all` has type `Limited` with',
      '`limitResponse: {type: Reject}`, a small level for requests no other schema matched.',
      '',
      'Upstream compares these levels with the built-in specs; recent releases let the concurrency',
      'settings of `exempt` be tuned. Since the exact rule depends on the release, this rule checks the',
      'type and the limit response only, and reports a warning.',
      '',
      'Source: upstream validation; neither the spec nor the upstream summary describes this kind.',
      '',
      'Fails: a level `platform` with `type: Exempt`; `catch-all` with `limitResponse: {type: Queue, ...}`.',
      'Passes: `exempt` with `type: Exempt`; `catch-all` with `{type: Limited, limited: {nominalConcurrencyShares: 5, limitResponse: {type: Reject}}}`.',
    ].join('\n'),
  },
  check(context) {
    const name = nameOf(context.value);
    const spec = objAt(context.value, 'spec');
    const type = spec?.type;
    if (name === undefined || typeof type !== 'string') return;
    if (name === 'exempt' && type !== 'Exempt') {
      context.report({ path: ['spec', 'type'], message: `the built-in "exempt" priority level must have type "Exempt", not "${type}"`, fix: { text: 'Exempt' } });
    } else if (name !== 'exempt' && type === 'Exempt') {
      context.report({ path: ['spec', 'type'], message: 'only the built-in "exempt" priority level may have type "Exempt"; point the FlowSchema at "exempt" instead, or make this level "Limited"' });
    }
    if (name !== 'catch-all') return;
    if (type !== 'Limited') {
      context.report({ path: ['spec', 'type'], message: `the built-in "catch-all" priority level must have type "Limited", not "${type}"` });
      return;
    }
    const response = objAt(objAt(spec, 'limited'), 'limitResponse')?.type;
    if (typeof response === 'string' && response !== 'Reject') {
      context.report({ path: ['spec', 'limited', 'limitResponse', 'type'], message: `the built-in "catch-all" priority level must reject excess requests (limitResponse type "Reject"), not "${response}"` });
    }
  },
});
