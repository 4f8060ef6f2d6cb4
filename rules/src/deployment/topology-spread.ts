import { defineRule, isJsonObject } from '@platlint/core';
import { forEachObject, type Obj } from '../kit/objects.js';
import { POD_SPEC, podSpec } from '../kit/paths.js';
import { selectorTerms } from '../kit/selectors.js';
import docs from './topology-spread.md';

export default defineRule({
  meta: {
    id: 'deployment/topology-spread',
    description:
      'Topology spread constraints of the pod template are distinct and use minDomains and matchLabelKeys as the server allows.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (topology spread constraints)',
    docs,
    messages: {
      duplicateConstraint:
        'another constraint already has topologyKey "{{topologyKey}}" with whenUnsatisfiable {{whenUnsatisfiable}}; merge the two',
      minDomainsWithoutDoNotSchedule:
        'minDomains only applies with whenUnsatisfiable: DoNotSchedule; remove it or change whenUnsatisfiable',
      matchLabelKeysWithoutSelector: 'matchLabelKeys needs a labelSelector to merge into; add one or remove matchLabelKeys',
      keyInSelectorAndMatchLabelKeys:
        '"{{key}}" is named twice in labelSelector and again in matchLabelKeys; name it in one place only',
    },
  },
  check(context) {
    const pod = podSpec(context.value);
    if (!pod) return;
    const seen = new Set<string>();
    forEachObject(pod.topologySpreadConstraints, (constraint, i) => {
      const { topologyKey, whenUnsatisfiable, minDomains, labelSelector, matchLabelKeys } = constraint;
      if (typeof topologyKey === 'string' && typeof whenUnsatisfiable === 'string') {
        // One text per pair, unambiguous as the key's length comes first (JSON's was the rule's costliest line).
        const pair = `${topologyKey.length}:${topologyKey}${whenUnsatisfiable}`;
        if (seen.has(pair))
          context.report({
            path: [...POD_SPEC, 'topologySpreadConstraints', i],
            messageId: 'duplicateConstraint',
            data: { topologyKey, whenUnsatisfiable },
          });
        seen.add(pair);
      }
      if (minDomains !== undefined && minDomains !== null && whenUnsatisfiable !== 'DoNotSchedule') {
        context.report({
          path: [...POD_SPEC, 'topologySpreadConstraints', i, 'minDomains'],
          messageId: 'minDomainsWithoutDoNotSchedule',
        });
      }
      if (!Array.isArray(matchLabelKeys) || matchLabelKeys.length === 0) return;
      if (!isJsonObject(labelSelector)) {
        context.report({
          path: [...POD_SPEC, 'topologySpreadConstraints', i, 'matchLabelKeys'],
          messageId: 'matchLabelKeysWithoutSelector',
        });
        return;
      }
      const repeated = repeatedSelectorKeys(labelSelector);
      matchLabelKeys.forEach((key: unknown, j) => {
        if (typeof key === 'string' && repeated.has(key)) {
          context.report({
            path: [...POD_SPEC, 'topologySpreadConstraints', i, 'matchLabelKeys', j],
            messageId: 'keyInSelectorAndMatchLabelKeys',
            data: { key },
          });
        }
      });
    });
  },
});

/**
 * Keys of a selector's matchExpressions that the selector already named before (in matchLabels
 * or an earlier expression). With the selector merge on (the default in current releases), these are the
 * only matchLabelKeys the server refuses: a key named once is where the merge would put it.
 */
function repeatedSelectorKeys(selector: Obj): Set<string> {
  const seen = new Set<string>(isJsonObject(selector.matchLabels) ? Object.keys(selector.matchLabels) : []);
  const repeated = new Set<string>();
  for (const [requirement] of selectorTerms(selector)) {
    if (typeof requirement.key !== 'string') continue;
    if (seen.has(requirement.key)) repeated.add(requirement.key);
    seen.add(requirement.key);
  }
  return repeated;
}
