// One resource rule against one request: scope, operation, group, version and resource
// with subresource, each with `*` (upstream webhook/predicates/rules/rules.go, Matcher.Matches).
import type { NamedRule } from '../state/policy-types.js';
import type { GroupVersionResource } from '../types.js';

export interface RuleAttributes {
  resource: GroupVersionResource;
  subResource: string;
  namespace: string;
  operation: string;
}

function exactOrWildcard(items: readonly string[], requested: string): boolean {
  return items.some((item) => item === '*' || item === requested);
}

function isNamespaceResource(r: GroupVersionResource): boolean {
  return r.group === '' && r.version === 'v1' && r.resource === 'namespaces';
}

function scopeMatches(scope: string, a: RuleAttributes): boolean {
  switch (scope) {
    case '*':
      return true;
    // A Namespace is cluster-scoped, though its requests carry its own name as namespace.
    case 'Namespaced':
      return !isNamespaceResource(a.resource) && a.namespace !== '';
    case 'Cluster':
      return isNamespaceResource(a.resource) || a.namespace === '';
    default:
      return false;
  }
}

function resourceMatches(resources: readonly string[], a: RuleAttributes): boolean {
  return resources.some((entry) => {
    const slash = entry.indexOf('/');
    const res = slash < 0 ? entry : entry.slice(0, slash);
    const sub = slash < 0 ? '' : entry.slice(slash + 1);
    // `*` alone matches only the main resource; `x/*` any subresource; `*/*` everything.
    return (res === '*' || res === a.resource.resource) && (sub === '*' || sub === a.subResource);
  });
}

export function ruleMatches(rule: NamedRule, a: RuleAttributes): boolean {
  return (
    scopeMatches(rule.scope, a) &&
    exactOrWildcard(rule.operations, a.operation) &&
    exactOrWildcard(rule.apiGroups, a.resource.group) &&
    exactOrWildcard(rule.apiVersions, a.resource.version) &&
    resourceMatches(rule.resources, a)
  );
}
