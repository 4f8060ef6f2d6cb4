import { catalog, defineRule } from '@platlint/core';
import { BINDING, POLICY, isJsonObject, policyOf, specOf } from './shared.js';

export default defineRule({
  meta: {
    id: 'admission/binding-params',
    description: 'A binding\'s paramRef must fit the paramKind of its policy.',
    kinds: [BINDING],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document C, MutatingAdmissionPolicy (paramKind); upstream (API server MutatingAdmissionPolicy admission, params)',
    crossDocument: [POLICY],
    docs: [
      'Looks up the bound policy among the linted documents and compares:',
      '',
      '- a `paramRef` on a binding whose policy has no `paramKind`: the policy never declares `params`,',
      '  so the reference is ignored (a warning; remove it or give the policy a paramKind);',
      '- a `paramRef.namespace` when the policy\'s paramKind is a cluster-scoped kind of the catalog:',
      '  cluster-scoped objects have no namespace. The server stores such a binding (it does not read',
      '  the policy then), but every request the binding matches fails with "failed to configure',
      '  binding", which the policy\'s failurePolicy turns into a denial or a skip: a mistake the',
      '  platform does not refuse on write, so a warning (remove the namespace).',
      '',
      'Nothing is reported when the policy is not in the run (see admission/binding-policy-exists).',
      '',
      'Fails: `paramRef: {name: limits}` bound to a policy without paramKind.',
      'Passes: the same binding bound to a policy with `paramKind: {apiVersion: v1, kind: ConfigMap}`.',
    ].join('\n'),
  },
  check(context) {
    const ref = specOf(context)?.paramRef;
    if (!isJsonObject(ref)) return;
    const policy = policyOf(context);
    if (!policy) return;
    const policySpec = isJsonObject(policy.value.spec) ? policy.value.spec : {};
    const paramKind = policySpec.paramKind;
    const policyName = String(specOf(context)?.policyName);
    if (!isJsonObject(paramKind)) {
      context.report({ path: ['spec', 'paramRef'], target: 'key', message: `policy "${policyName}" has no paramKind, so this paramRef is ignored; remove it or add paramKind to the policy` });
      return;
    }
    if (typeof ref.namespace !== 'string' || ref.namespace === '') return;
    if (typeof paramKind.apiVersion !== 'string' || typeof paramKind.kind !== 'string') return;
    const info = catalog.lookup(paramKind.apiVersion, paramKind.kind)?.info;
    if (info && !info.namespaced) {
      context.report({ path: ['spec', 'paramRef', 'namespace'], message: `${paramKind.kind} is cluster-scoped, so paramRef.namespace must not be set; remove it` });
    }
  },
});
