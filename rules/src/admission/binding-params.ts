import { catalog, defineRule } from '@platlint/core';
import { BINDING, POLICY, policyOf, specOf } from './shared.js';
import { isObject } from '../kit/objects.js';
import docs from './binding-params.md';

export default defineRule({
  meta: {
    id: 'admission/binding-params',
    description: "A binding's paramRef must fit the paramKind of its policy.",
    kinds: [BINDING],
    severity: 'warning',
    enforcedBy: 'advice',
    source:
      'API document C, MutatingAdmissionPolicy (paramKind); upstream (API server MutatingAdmissionPolicy admission, params)',
    crossDocument: [POLICY],
    docs,
    messages: {
      paramRefIgnored:
        'policy "{{policyName}}" has no paramKind, so this paramRef is ignored; remove it or add paramKind to the policy',
      clusterScopedNamespace: '{{kind}} is cluster-scoped, so paramRef.namespace must not be set; remove it',
    },
  },
  check(context) {
    const ref = specOf(context)?.paramRef;
    if (!isObject(ref)) return;
    const policy = policyOf(context);
    if (!policy) return;
    const policySpec = isObject(policy.value.spec) ? policy.value.spec : {};
    const paramKind = policySpec.paramKind;
    const policyName = String(specOf(context)?.policyName);
    if (!isObject(paramKind)) {
      context.report({ path: ['spec', 'paramRef'], target: 'key', messageId: 'paramRefIgnored', data: { policyName } });
      return;
    }
    if (typeof ref.namespace !== 'string' || ref.namespace === '') return;
    if (typeof paramKind.apiVersion !== 'string' || typeof paramKind.kind !== 'string') return;
    const info = catalog.lookup(paramKind.apiVersion, paramKind.kind)?.info;
    if (info && !info.namespaced) {
      context.report({
        path: ['spec', 'paramRef', 'namespace'],
        messageId: 'clusterScopedNamespace',
        data: { kind: paramKind.kind },
      });
    }
  },
});
