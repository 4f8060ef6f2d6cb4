import { defineRule } from '@platlint/core';
import { FS_KIND, nameOf } from './shape.js';

export default defineRule({
  meta: {
    id: 'flowschema/precedence-reserved',
    description: 'matchingPrecedence 1 is reserved for the built-in "exempt" FlowSchema.',
    kinds: [FS_KIND],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, FlowSchema)',
    docs: [
      'The lowest `matchingPrecedence` wins. Value 1 belongs to the built-in `exempt` schema, which',
      'sends the cluster administrators (`system:masters`) past every limit; the server rejects any',
      'other schema that claims it, so nothing can be placed ahead of that schema.',
      '',
      'Source: upstream validation (the spec only states the range 1 to 10000).',
      '',
      'Fails: a schema named `team-a` with `matchingPrecedence: 1`. Passes: the same with `matchingPrecedence: 2`.',
    ].join('\n'),
  },
  check(context) {
    if (nameOf(context.value) === 'exempt') return;
    if (context.effective(['spec', 'matchingPrecedence']) !== 1) return;
    context.report({ path: ['spec', 'matchingPrecedence'], message: 'matchingPrecedence 1 is reserved for the built-in "exempt" FlowSchema; use 2 or higher' });
  },
});
