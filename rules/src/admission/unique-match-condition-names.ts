import { defineRule } from '@platlint/core';
import { POLICY, asList, isJsonObject, specOf } from './shared.js';

export default defineRule({
  meta: {
    id: 'admission/unique-match-condition-names',
    description: 'Match condition names of a mutating admission policy must be unique.',
    kinds: [POLICY],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, MutatingAdmissionPolicy (MutatingAdmissionPolicySpec.matchConditions)',
    docs: [
      '`matchConditions` is a list merged on the key `name` (spec document C), so two conditions with',
      'the same name collide: a patch or apply would merge them into one and lose the other. Upstream',
      'rejects the repetition (Duplicate). The name\'s syntax (a qualified name) is checked by the',
      'schema (`schema/format`).',
      '',
      'Fails:',
      '',
      '```yaml',
      'apiVersion: admissionregistration.plat.io/v1',
      'kind: MutatingAdmissionPolicy',
      'metadata: {name: default-replicas}',
      'spec:',
      '  matchConstraints:',
      '    resourceRules:',
      '      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["deployments"]}',
      '  matchConditions:',
      '    - {name: replicas-unset, expression: "!has(object.spec.replicas)"}',
      "    - {name: replicas-unset, expression: \"request.namespace != 'kube-system'\"}",
      '  mutations:',
      '    - patchType: ApplyConfiguration',
      "      applyConfiguration: {expression: 'Object{spec: Object.spec{replicas: 2}}'}",
      '  reinvocationPolicy: Never',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'apiVersion: admissionregistration.plat.io/v1',
      'kind: MutatingAdmissionPolicy',
      'metadata: {name: default-replicas}',
      'spec:',
      '  matchConstraints:',
      '    resourceRules:',
      '      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["deployments"]}',
      '  matchConditions:',
      '    - {name: replicas-unset, expression: "!has(object.spec.replicas)"}',
      "    - {name: not-kube-system, expression: \"request.namespace != 'kube-system'\"}",
      '  mutations:',
      '    - patchType: ApplyConfiguration',
      "      applyConfiguration: {expression: 'Object{spec: Object.spec{replicas: 2}}'}",
      '  reinvocationPolicy: Never',
      '```',
    ].join('\n'),
  },
  check(context) {
    const seen = new Set<string>();
    asList(specOf(context)?.matchConditions).forEach((c, i) => {
      const name = isJsonObject(c) ? c.name : undefined;
      if (typeof name !== 'string') return;
      if (seen.has(name)) context.report({ path: ['spec', 'matchConditions', i, 'name'], message: `match condition name "${name}" is already used by an earlier condition; names must be unique` });
      seen.add(name);
    });
  },
});
