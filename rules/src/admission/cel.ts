import { admissionEnvironment } from '@platlint/cel';
import type { CelEnvironment, CelIssue, StructuralSchema } from '@platlint/cel';
import { catalog, defineRule } from '@platlint/core';
import type { KindInfo } from '@platlint/core';
import { POLICY, asList, celReferences, expressionsOf, isJsonObject, spanIn, specOf, strings, variableNames } from './shared.js';
import type { ExpressionPlace, Json } from './shared.js';

/**
 * The one kind a policy's resource rules match, when they name exactly one known kind
 * (or its status subresource, which carries the whole object). Anything broader or
 * unknown leaves `object` dynamic, as a webhook cannot know its type either.
 */
function matchedKind(spec: Json): KindInfo | undefined {
  const constraints = spec.matchConstraints;
  if (!isJsonObject(constraints)) return undefined;
  const found = new Set<KindInfo>();
  for (const rule of asList(constraints.resourceRules)) {
    if (!isJsonObject(rule)) return undefined;
    const groups = strings(rule.apiGroups);
    const versions = strings(rule.apiVersions);
    const resources = strings(rule.resources);
    if (groups.length === 0 || resources.length === 0) return undefined;
    for (const group of groups) {
      for (const resource of resources) {
        const [base, sub] = resource.split('/') as [string, string | undefined];
        if (group === '*' || base === '*' || (sub !== undefined && sub !== 'status')) return undefined;
        const kinds = catalog.kinds.filter((k) => k.group === group && k.resource === base && (versions.includes('*') || versions.includes(k.version)));
        if (kinds.length !== 1) return undefined;
        found.add(kinds[0] as KindInfo);
      }
    }
  }
  return found.size === 1 ? [...found][0] : undefined;
}

function paramKindInfo(spec: Json): KindInfo | undefined {
  const pk = spec.paramKind;
  if (!isJsonObject(pk) || typeof pk.apiVersion !== 'string' || typeof pk.kind !== 'string') return undefined;
  return catalog.lookup(pk.apiVersion, pk.kind)?.info;
}

// Environments are costly to build (schema types are registered per environment) and
// policies of a run share few shapes, so they are kept across policies, keyed by shape.
const environments = new Map<string, CelEnvironment>();

function environment(place: ExpressionPlace, object: KindInfo | undefined, params: KindInfo | undefined, variables: { name: string; type: string }[], release: string): CelEnvironment {
  const key = [place, release, object?.typeId ?? '', params?.typeId ?? '', ...variables.map((v) => `${v.name}:${v.type}`)].join('|');
  let env = environments.get(key);
  if (!env) {
    if (environments.size > 200) environments.clear();
    env = admissionEnvironment(place, {
      objectSchema: object ? (catalog.schema(object) as StructuralSchema) : undefined,
      // `params` is always declared: its use without paramKind is admission/params-need-paramkind's finding.
      hasParams: true,
      paramSchema: params ? (catalog.schema(params) as StructuralSchema) : undefined,
      variables,
      // The libraries of the configured release (a call of a newer one is refused there).
      release,
    });
    environments.set(key, env);
  }
  return env;
}

/** The cel package words its issues in our style; one case deserves a hint of what to do. */
function describe(issue: CelIssue, place: ExpressionPlace): string {
  if (issue.code === 'unknown_variable' && place === 'matchCondition' && issue.message === 'unknown variable "variables"') {
    return '"variables" is not available in match conditions; repeat the expression here instead';
  }
  return issue.message;
}

const WHAT: Record<ExpressionPlace, string> = {
  matchCondition: 'a match condition (bool)',
  variable: 'a variable (any type)',
  applyConfiguration: 'an apply configuration (Object)',
  jsonPatch: 'a JSON patch (list(JSONPatch))',
};

export default defineRule({
  meta: {
    id: 'admission/cel',
    description: 'Every CEL expression of a mutating admission policy must compile and type-check, with the right result type.',
    kinds: [POLICY],
    severity: 'error',
    enforcedBy: 'server',
    source: 'C MutatingAdmissionPolicy (ApplyConfiguration, JSONPatch, CEL variables)',
    docs: [
      'Compiles each expression of `matchConditions`, `variables`, `mutations[].applyConfiguration` and',
      '`mutations[].jsonPatch` in its environment (spec document C) and reports syntax errors, unknown',
      'variables or fields, type errors and a wrong result type, at the exact token inside the YAML',
      'string (plain, quoted or block scalar). Result types: ' + Object.values(WHAT).join(', ') + '.',
      '',
      'The environment: `object` and `oldObject` are typed by the schema of the kind the policy matches',
      'when its resource rules name exactly one known kind (otherwise they are dynamic, and field access',
      'is checked at run time); the whole metadata is readable, as the platform types `object` from the',
      'kind\'s full schema (spec document C says only `name` and `generateName`: that is the rule for CRD',
      'validation rules). `request`, `namespaceObject` and `authorizer` are always',
      'there; `params` is typed by the paramKind when it is a known kind; `variables` holds the earlier',
      'variables with their types (mutations see all of them), and is absent from match conditions.',
      '`Object{...}` constructions are checked against the matched kind\'s schema. The CEL libraries',
      'are those of the configured `release` (a call of a library the release does not have is an error),',
      'with the platform\'s compile-time checks: duration and timestamp literals, format strings, constant',
      'regular expressions and list or map literals that mix types.',
      '',
      'Upstream compiles the same places when the policy is stored. It also accepts any static result',
      'type where the runtime checks it; so does this rule for a `dyn` result.',
      '',
      'Fails: `applyConfiguration: {expression: "Object{spec: Object.spec{replicas: \\"two\\"}}"}` (replicas is an int).',
      'Passes: `applyConfiguration: {expression: "Object{spec: Object.spec{replicas: 2}}"}`.',
    ].join('\n'),
  },
  check(context) {
    const spec = specOf(context);
    if (!spec) return;
    const object = matchedKind(spec);
    const params = paramKindInfo(spec);
    const names = variableNames(spec);
    const types = new Map<number, string>();
    const sites = expressionsOf(spec);
    // Variables first, so that mutations see each variable's type.
    const ordered = [...sites.filter((s) => s.place === 'variable'), ...sites.filter((s) => s.place !== 'variable')];
    for (const site of ordered) {
      const visible: { name: string; type: string }[] = [];
      if (site.place !== 'matchCondition') {
        const upTo = site.place === 'variable' ? site.index : names.length;
        const seen = new Set<string>();
        for (let i = 0; i < upTo; i++) {
          const name = names[i];
          if (name === undefined || seen.has(name)) continue;
          seen.add(name);
          visible.push({ name, type: types.get(i) ?? 'dyn' });
        }
        // Other names (later, itself, unknown) are admission/variable-references' findings.
        for (const ref of celReferences(site.expression)) {
          if (ref.root === 'variables' && !seen.has(ref.name)) {
            seen.add(ref.name);
            visible.push({ name: ref.name, type: 'dyn' });
          }
        }
      }
      const result = environment(site.place, object, params, visible, context.settings.release).compile(site.expression);
      if (result.ok) {
        if (site.place === 'variable') types.set(site.index, result.program.type);
        continue;
      }
      for (const issue of result.issues) {
        const message = issue.code === 'empty_expression' ? `the expression is empty; write ${WHAT[site.place]}` : describe(issue, site.place);
        context.report({ path: site.path, message, span: spanIn(context, site.path, issue) });
      }
    }
  },
});
