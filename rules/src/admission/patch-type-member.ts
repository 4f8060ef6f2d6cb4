import { defineRule } from '@platlint/core';
import { POLICY, specOf } from './shared.js';
import { isObject, listOf } from '../kit/objects.js';
import docs from './patch-type-member.md';

const MEMBERS = { ApplyConfiguration: 'applyConfiguration', JSONPatch: 'jsonPatch' } as const;
type PatchType = keyof typeof MEMBERS;

export default defineRule({
  meta: {
    id: 'admission/patch-type-member',
    description: 'A mutation sets exactly the member its patchType names.',
    kinds: [POLICY],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, MutatingAdmissionPolicy (Mutation)',
    fixable: true,
    docs,
    messages: {
      otherMemberOnly:
        'patchType is {{type}} but the mutation sets {{other}}; set patchType to {{otherType}} or write {{wanted}} instead',
      otherMemberBeside: '{{other}} must not be set when patchType is {{type}}; remove it',
      memberMissing: 'patchType is {{type}} but {{wanted}} is missing; add {{wanted}} with an expression',
    },
  },
  check(context) {
    listOf(specOf(context)?.mutations).forEach((m, i) => {
      if (!isObject(m) || typeof m.patchType !== 'string' || !(m.patchType in MEMBERS)) return;
      const type = m.patchType as PatchType;
      const wanted = MEMBERS[type];
      const otherType = (Object.keys(MEMBERS) as PatchType[]).find((t) => t !== type) as PatchType;
      const other = MEMBERS[otherType];
      const path = ['spec', 'mutations', i];
      if (m[other] !== undefined) {
        const onlyOther = m[wanted] === undefined;
        context.report({
          path: [...path, other],
          target: 'key',
          messageId: onlyOther ? 'otherMemberOnly' : 'otherMemberBeside',
          data: { type, other, otherType, wanted },
          ...(onlyOther ? { fix: { path: [...path, 'patchType'], text: otherType } } : {}),
        });
      } else if (m[wanted] === undefined) {
        // The server names the missing member (Required), placed on the nearest key that exists.
        context.report({ path: [...path, wanted], messageId: 'memberMissing', data: { type, wanted } });
      }
    });
  },
});
