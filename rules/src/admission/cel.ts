import { defineRule } from '@platlint/core';
import { compileSites, DYNAMIC, issueMessage } from './cel-compile.js';
import { POLICY } from './shared.js';
import { refusedByServer, spanIn } from '../kit/cel.js';
import docs from './cel.md';

export default defineRule({
  meta: {
    id: 'admission/cel',
    description:
      'Every CEL expression of a mutating admission policy must compile, with the right result type, as the server compiles it.',
    kinds: [POLICY],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'API document C, MutatingAdmissionPolicy (ApplyConfiguration, JSONPatch, CEL variables); upstream (API server validation, MutatingAdmissionPolicy, API server MutatingAdmissionPolicy admission, CEL environment)',
    docs,
    // The compiler's issues are open-ended: the issue, in our words, is the data.
    messages: { celIssue: '{{issue}}' },
  },
  check(context) {
    for (const { site, issues } of compileSites(context, DYNAMIC)) {
      for (const issue of issues.filter(refusedByServer))
        context.report({
          path: site.path,
          messageId: 'celIssue',
          data: { issue: issueMessage(issue, site.place) },
          span: spanIn(context, site.path, issue),
        });
    }
  },
});
