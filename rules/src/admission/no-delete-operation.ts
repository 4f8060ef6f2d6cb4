import { defineRule } from '@platlint/core';
import { BINDING, POLICY, asList, isPolicy, resourceRulesOf, strings } from './shared.js';

export default defineRule({
  meta: {
    id: 'admission/no-delete-operation',
    description: 'A mutating admission policy cannot match DELETE; only CREATE, UPDATE, CONNECT or "*".',
    kinds: [POLICY, BINDING],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, MutatingAdmissionPolicy (MutatingAdmissionPolicySpec.matchConstraints)',
    fixable: true,
    docs: [
      'A mutating policy changes the object that comes with a request; a DELETE carries none, so the',
      'spec allows only `CREATE`, `UPDATE` and `CONNECT` (`*` stands for these three) in the resource',
      'rules of `matchConstraints`. The same holds for the resource rules of a binding\'s',
      '`matchResources`, which can only narrow what the policy matches. Exclude rules may name DELETE.',
      'The fix removes `DELETE` when other operations remain.',
      '',
      'The server refuses DELETE in a policy (an error). In a binding it stores the rule, which can',
      'only narrow the policy\'s match, so the DELETE entry is dead: a warning there.',
      '',
      'Upstream rejects DELETE in a policy at the un-indexed path',
      '`spec.matchConstraints.resourceRules.operations`; this rule points at the entry itself.',
      '',
      'Fails:',
      '',
      '```yaml',
      'apiVersion: admissionregistration.plat.io/v1',
      'kind: MutatingAdmissionPolicy',
      'metadata: {name: add-team-label}',
      'spec:',
      '  matchConstraints:',
      '    resourceRules:',
      '      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE", "DELETE"], resources: ["deployments"]}',
      '  mutations:',
      '    - patchType: JSONPatch',
      "      jsonPatch: {expression: '[JSONPatch{op: \"add\", path: \"/metadata/labels/team\", value: \"shop\"}]'}",
      '  reinvocationPolicy: Never',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'apiVersion: admissionregistration.plat.io/v1',
      'kind: MutatingAdmissionPolicy',
      'metadata: {name: add-team-label}',
      'spec:',
      '  matchConstraints:',
      '    resourceRules:',
      '      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE", "UPDATE"], resources: ["deployments"]}',
      '  mutations:',
      '    - patchType: JSONPatch',
      "      jsonPatch: {expression: '[JSONPatch{op: \"add\", path: \"/metadata/labels/team\", value: \"shop\"}]'}",
      '  reinvocationPolicy: Never',
      '```',
    ].join('\n'),
  },
  check(context) {
    const severity = isPolicy(context) ? 'error' : 'warning';
    for (const { path, rule, include } of resourceRulesOf(context)) {
      if (!include) continue;
      const ops = asList(rule.operations);
      const rest = strings(ops).filter((o) => o !== 'DELETE');
      ops.forEach((op, j) => {
        if (op !== 'DELETE') return;
        const message = 'DELETE cannot be matched by a mutating admission policy; use CREATE, UPDATE or CONNECT';
        context.report({ path: [...path, 'operations', j], severity, message, ...(rest.length > 0 && rest.length === ops.length - 1 ? { fix: { removeItem: true, text: '' } } : {}) });
      });
    }
  },
});
