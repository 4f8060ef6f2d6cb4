import { defineRule, reportBesideLoneEntry } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import { BINDING, POLICY, isPolicy, matchResourcesOf, resourceRulesOf } from './shared.js';
import { listOf } from '../kit/objects.js';
import docs from './resource-rules.md';

const LISTS = ['operations', 'apiGroups', 'apiVersions', 'resources'] as const;

// The server reads `resources` in order, as below: an entry is refused only when an earlier
// `x/*` or `*/y` already covers it (the same two entries the other way round pass), and `*`
// refuses plain resources only when the last plain entry is not `*` itself.
function checkResources(context: RuleContext, path: FieldPath, resources: unknown[]): void {
  if (
    reportBesideLoneEntry(context, path, resources, '*/*', (entry) => ({
      messageId: 'resourceNotAlone',
      data: { entry: JSON.stringify(entry) },
    }))
  )
    return;
  const wildcardSub = new Set<string>();
  const wildcardBase = new Set<string>();
  const plain: { r: string; i: number }[] = [];
  resources.forEach((r, i) => {
    if (typeof r !== 'string') return;
    if (r === '') {
      context.report({ path: [...path, i], messageId: 'emptyResource' });
      return;
    }
    const slash = r.indexOf('/');
    if (slash < 0) {
      plain.push({ r, i });
      return;
    }
    const base = r.slice(0, slash);
    const sub = r.slice(slash + 1);
    if (wildcardSub.has(base))
      context.report({ path: [...path, i], messageId: 'coveredBySubresourceWildcard', data: { r, base } });
    if (wildcardBase.has(sub)) context.report({ path: [...path, i], messageId: 'coveredByResourceWildcard', data: { r, sub } });
    if (sub === '*') wildcardSub.add(base);
    if (base === '*') wildcardBase.add(sub);
  });
  if (!plain.some((e) => e.r === '*') || plain[plain.length - 1]?.r === '*') return;
  for (const { r, i } of plain) if (r !== '*') context.report({ path: [...path, i], messageId: 'coveredByStar', data: { r } });
}

// A resource name is one segment of a request path: not "." or "..", without "/" or "%".
function pathSegmentProblem(name: string): string | undefined {
  if (name === '.' || name === '..') return `"${name}" cannot be a resource name`;
  for (const c of ['/', '%']) if (name.includes(c)) return `resource name "${name}" must not contain "${c}"`;
  return undefined;
}

export default defineRule({
  meta: {
    id: 'admission/resource-rules',
    description: 'Resource rules of a mutating admission policy or binding must be complete and free of overlapping wildcards.',
    kinds: [POLICY, BINDING],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, MutatingAdmissionPolicy)',
    fixable: true,
    docs,
    messages: {
      resourceNotAlone:
        '{{entry}} must be removed: "*/*" must be the only entry of resources, and it already matches every resource and subresource',
      notAlone: '{{entry}} must be removed: "*" must be the only entry of {{field}}, and it already matches everything',
      emptyResource: 'a resource must not be empty; name a resource such as "deployments", or "*"',
      coveredBySubresourceWildcard: '"{{r}}" is already matched by "{{base}}/*"; remove one of the two entries',
      coveredByResourceWildcard: '"{{r}}" is already matched by "*/{{sub}}"; remove one of the two entries',
      coveredByStar: '"{{r}}" is already matched by "*"; remove one of the two entries',
      noResourceRules: 'matchConstraints needs at least one resource rule; the policy takes the type of `object` from it',
      emptyList: '{{field}} of a resource rule must not be empty; use ["*"] to match all',
      badResourceName: '{{problem}}: it is one segment of the request path',
      repeatedResourceName: 'resource name "{{n}}" is listed twice; remove the repetition',
    },
  },
  check(context) {
    const match = matchResourcesOf(context);
    if (isPolicy(context) && match && listOf(match.value.resourceRules).length === 0) {
      // A missing field is reported at its own path (placed on the nearest key that exists).
      context.report({ path: [...match.path, 'resourceRules'], messageId: 'noResourceRules' });
    }
    for (const { path, rule } of resourceRulesOf(context)) {
      for (const field of LISTS) {
        const list = rule[field];
        if (list === undefined || (Array.isArray(list) && list.length === 0)) {
          context.report({ path: [...path, field], messageId: 'emptyList', data: { field } });
          continue;
        }
        if (!Array.isArray(list)) continue;
        if (field === 'resources') checkResources(context, [...path, field], list);
        else
          reportBesideLoneEntry(context, [...path, field], list, '*', (entry) => ({
            messageId: 'notAlone',
            data: { entry: JSON.stringify(entry), field },
          }));
      }
      const names = listOf(rule.resourceNames);
      names.forEach((n, i) => {
        if (typeof n !== 'string') return;
        const problem = pathSegmentProblem(n);
        if (problem) context.report({ path: [...path, 'resourceNames', i], messageId: 'badResourceName', data: { problem } });
        else if (names.indexOf(n) < i)
          context.report({ path: [...path, 'resourceNames', i], messageId: 'repeatedResourceName', data: { n } });
      });
    }
  },
});
