// The policy the admission rules are tested on (and the door tests that connect a binding to
// it), with the places that hold expressions, its paramKind and its name filled in per case.

interface Parts {
  name?: string;
  paramKind?: string;
  resources?: string;
  conditions?: string;
  variables?: string;
  mutations?: string;
}

const APPLY =
  "    - patchType: ApplyConfiguration\n      applyConfiguration: {expression: 'Object{spec: Object.spec{replicas: 2}}'}";

export const policy = (p: Parts): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: ${p.name ?? 'p'}}
spec:
${p.paramKind ?? ''}  matchConstraints:
    resourceRules:
      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ${p.resources ?? '["deployments"]'}}
${p.conditions ? `  matchConditions:\n${p.conditions}\n` : ''}${p.variables ? `  variables:\n${p.variables}\n` : ''}  mutations:
${p.mutations ?? APPLY}
  reinvocationPolicy: Never
`;
