import { defineRule, termValuesProblem } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import { BINDING, POLICY, asList, isJsonObject, matchResourcesOf, specOf } from './shared.js';

/** The label selectors of a policy or binding: namespace and object selectors, and a binding's paramRef selector. */
function selectorsOf(context: RuleContext): { path: FieldPath; selector: Record<string, unknown> }[] {
  const out: { path: FieldPath; selector: Record<string, unknown> }[] = [];
  const match = matchResourcesOf(context);
  for (const field of ['namespaceSelector', 'objectSelector'] as const) {
    const selector = match?.value[field];
    if (match && isJsonObject(selector)) out.push({ path: [...match.path, field], selector });
  }
  const paramRef = specOf(context)?.paramRef;
  if (isJsonObject(paramRef) && isJsonObject(paramRef.selector)) out.push({ path: ['spec', 'paramRef', 'selector'], selector: paramRef.selector });
  return out;
}

export default defineRule({
  meta: {
    id: 'admission/selector-syntax',
    description: 'Terms of the label selectors of a mutating admission policy or binding are well formed: In/NotIn carry values, Exists/DoesNotExist none.',
    kinds: [POLICY, BINDING],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, MutatingAdmissionPolicy)',
    docs: [
      'Checks the `matchExpressions` terms of `namespaceSelector` and `objectSelector` (a policy\'s',
      '`matchConstraints`, a binding\'s `matchResources`) and of a binding\'s `paramRef.selector`:',
      '',
      '- a term with operator `In` or `NotIn` needs at least one value;',
      '- a term with `Exists` or `DoesNotExist` takes no values.',
      '',
      'The server validates these selectors as label selectors when the object is stored and',
      'refuses either mistake. Unknown operators are reported by structural validation',
      '(`schema/enum`). The spec does not show MatchResources; these are the upstream rules.',
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
      '      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["deployments"]}',
      '    objectSelector:',
      '      matchExpressions:',
      '        - {key: tier, operator: In}',
      '  mutations:',
      '    - patchType: ApplyConfiguration',
      '      applyConfiguration: {expression: \'Object{metadata: Object.metadata{labels: {"team": "web"}}}\'}',
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
      '      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["deployments"]}',
      '    objectSelector:',
      '      matchExpressions:',
      '        - {key: tier, operator: In, values: [web]}',
      '  mutations:',
      '    - patchType: ApplyConfiguration',
      '      applyConfiguration: {expression: \'Object{metadata: Object.metadata{labels: {"team": "web"}}}\'}',
      '  reinvocationPolicy: Never',
      '```',
    ].join('\n'),
  },
  check(context) {
    for (const { path, selector } of selectorsOf(context)) {
      asList(selector.matchExpressions).forEach((term, i) => {
        const problem = isJsonObject(term) ? termValuesProblem(term) : undefined;
        if (problem) context.report({ path: [...path, 'matchExpressions', i, 'values'], ...problem });
      });
    }
  },
});
