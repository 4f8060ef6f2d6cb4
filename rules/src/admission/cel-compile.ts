// Compiling the CEL expressions of a mutating admission policy, shared by admission/cel
// (what the server compiles when it stores the policy) and admission/cel-schema (the same
// expressions checked against the matched kind's schema, which the server does not do).
import { celEnvironmentFor, celTokensOf, rememberedCompile } from '@platlint/cel';
import type { CelEnvironment, CelIssue, CelToken, StructuralSchema } from '@platlint/cel';
import { catalog } from '@platlint/core';
import type { CelPlace, KindInfo, RuleContext } from '@platlint/core';
import { celReferences, expressionsOf, specOf, strings, variableNames } from './shared.js';
import type { ExpressionPlace, ExpressionAt } from './shared.js';
import { isObject, listOf } from '../kit/objects.js';
import type { Obj } from '../kit/objects.js';

/**
 * The kinds a policy's resource rules match, when each rule names only known kinds (or their
 * status subresource, which carries the whole object), one kind per group and resource.
 * Undefined when anything is broader or unknown: `object` stays dynamic then, as a webhook
 * cannot know its type either.
 */
export function matchedKinds(spec: Obj): KindInfo[] | undefined {
  const constraints = spec.matchConstraints;
  if (!isObject(constraints)) return undefined;
  const found = new Set<KindInfo>();
  for (const rule of listOf(constraints.resourceRules)) {
    if (!isObject(rule)) return undefined;
    const groups = strings(rule.apiGroups);
    const versions = strings(rule.apiVersions);
    const resources = strings(rule.resources);
    if (groups.length === 0 || resources.length === 0) return undefined;
    for (const group of groups) {
      for (const resource of resources) {
        const [base, sub] = resource.split('/') as [string, string | undefined];
        if (group === '*' || base === '*' || (sub !== undefined && sub !== 'status')) return undefined;
        const kinds = catalog.kinds.filter(
          (k) => k.group === group && k.resource === base && (versions.includes('*') || versions.includes(k.version)),
        );
        if (kinds.length !== 1) return undefined;
        found.add(kinds[0] as KindInfo);
      }
    }
  }
  return found.size > 0 ? [...found] : undefined;
}

function paramKindInfo(spec: Obj): KindInfo | undefined {
  const pk = spec.paramKind;
  if (!isObject(pk) || typeof pk.apiVersion !== 'string' || typeof pk.kind !== 'string') return undefined;
  return catalog.lookup(pk.apiVersion, pk.kind)?.info;
}

// Environments are costly to build (schema types are registered per environment) and
// policies of a run share few shapes, so they are kept across policies, keyed by shape.
const environments = new Map<string, CelEnvironment>();

function environment(
  place: CelPlace,
  object: KindInfo | undefined,
  params: KindInfo | undefined,
  variables: { name: string; type: string }[],
  release: string,
): CelEnvironment {
  const key = [place, release, object?.typeId ?? '', params?.typeId ?? '', ...variables.map((v) => `${v.name}:${v.type}`)].join(
    '|',
  );
  let env = environments.get(key);
  if (!env) {
    if (environments.size > 200) environments.clear();
    env = celEnvironmentFor(place, {
      // The libraries of the configured release (a call of a newer one is refused there).
      release,
      admission: {
        objectSchema: object ? (catalog.schema(object) as StructuralSchema) : undefined,
        // `params` is always declared: its use without paramKind is admission/params-need-paramkind's finding.
        hasParams: true,
        paramSchema: params ? (catalog.schema(params) as StructuralSchema) : undefined,
        variables,
      },
    });
    environments.set(key, env);
  }
  return env;
}

/**
 * Which typings an expression's compile depends on, by the declarations it names: `object` and
 * `oldObject` (and the `Object` constructions of an apply configuration) are typed by the matched
 * kind, `params` by the paramKind, `variables` by the earlier variables' types, which may be
 * types of the kind's or the paramKind's (a variable that is `object`), so naming `variables`
 * keeps both. A compile depends on no other part of the typing: where an expression names none
 * of them, its typed compiles are its dynamic one, and choosing the environment by these names
 * compiles it once for every typing and matched kind, not once each. Read from the text as words
 * (CEL identifiers are word characters): the word inside a string literal counts too, a needless
 * typing, never a missing one.
 */
function namedTypings(expression: string): { object: boolean; params: boolean; variables: boolean } {
  const variables = NAMES_VARIABLES.test(expression);
  return {
    object: variables || NAMES_OBJECT.test(expression),
    params: variables || NAMES_PARAMS.test(expression),
    variables,
  };
}

const NAMES_OBJECT = /\b(?:object|oldObject|Object)\b/;
const NAMES_PARAMS = /\bparams\b/;
const NAMES_VARIABLES = /\bvariables\b/;

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

export interface SiteIssues {
  site: ExpressionAt;
  issues: readonly CelIssue[];
}

/**
 * How a compile types `object`, `oldObject` and `params`: dynamic, as when the server compiles a
 * stored policy (it cannot know which kind a request will bring), or by schemas: `object` by one
 * matched kind (dynamic when undefined) and `params` by the paramKind.
 */
export type Typing = { typed: false } | { typed: true; object: KindInfo | undefined };

export const DYNAMIC: Typing = { typed: false };

/**
 * Compiles every expression of the policy, typed as `typing` says. Variables are compiled
 * first, so that later expressions see each variable's type.
 */
export function compileSites(context: RuleContext, typing: Typing): SiteIssues[] {
  const spec = specOf(context);
  if (!spec) return [];
  const release = context.settings.release;
  const typed = typing.typed;
  const object = typing.typed ? typing.object : undefined;
  const params = typed ? paramKindInfo(spec) : undefined;
  const names = variableNames(spec);
  const types = new Map<number, string>();
  const sites = expressionsOf(context).filter((s) => !besideItsPatchType(spec, s));
  const ordered = [...sites.filter((s) => s.place === 'variable'), ...sites.filter((s) => s.place !== 'variable')];
  const out: SiteIssues[] = [];
  for (const site of ordered) {
    const named = namedTypings(site.expression);
    const visible: { name: string; type: string }[] = [];
    if (site.place !== 'matchCondition' && named.variables) {
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
    // Each policy is compiled with dynamic types by admission/cel and again by
    // admission/cel-schema, then once per matched kind: the compiles are remembered, and an
    // expression that names nothing the typing changes compiles in one environment for all.
    const env = environment(
      site.celPlace,
      named.object ? object : undefined,
      named.params ? params : undefined,
      visible,
      release,
    );
    const result = rememberedCompile(env, site.expression);
    if (result.ok) {
      if (site.place === 'variable') types.set(site.index, result.program.type);
      // The server wants the exact result type (bool, Object, list(JSONPatch)); a static dyn is
      // not it, so `object.spec.paused` as a match condition is refused when the policy is stored.
      // Only the dynamic compile, where `object` and `params` are dyn as on the server, can say so.
      else if (!typed && result.program.type === 'dyn') out.push({ site, issues: [dynResult(site)] });
      else if (!typed && site.place === 'applyConfiguration') {
        const named = otherRootConstruction(site.expression);
        if (named) out.push({ site, issues: [named] });
      }
      continue;
    }
    // The server stores a policy whatever its estimated cost (the budget is enforced as it
    // runs), so a cost estimate over the limit is advice, reported with the typed check only.
    const issues = typed ? result.issues : result.issues.filter((i) => i.code !== 'cost_limit');
    if (issues.length > 0) out.push({ site, issues });
  }
  return out;
}

/**
 * The member of a mutation that its patchType does not name: the server reports the member
 * itself (admission/patch-type-member) and never compiles its expression.
 */
function besideItsPatchType(spec: Obj, site: ExpressionAt): boolean {
  if (site.place !== 'applyConfiguration' && site.place !== 'jsonPatch') return false;
  const mutation = listOf(spec.mutations)[site.index];
  if (!isObject(mutation)) return false;
  const member =
    mutation.patchType === 'ApplyConfiguration'
      ? 'applyConfiguration'
      : mutation.patchType === 'JSONPatch'
        ? 'jsonPatch'
        : undefined;
  return member !== undefined && member !== site.place;
}

/**
 * An apply configuration that is one construction of a nested type (`Object.spec{...}`): the
 * server types each `Object.<path>` name on its own, so its result is not `Object` and the
 * policy is refused, though this package types every such name as `Object`.
 */
function otherRootConstruction(expression: string): CelIssue | undefined {
  const tokens = celTokensOf(expression)?.filter((t) => t.kind !== 'eof');
  if (!tokens) return undefined;
  const text = (t: CelToken | undefined): string => (t ? expression.slice(t.start, t.end) : '');
  if (text(tokens[0]) !== 'Object' || text(tokens[1]) !== '.') return undefined;
  let i = 1;
  while (text(tokens[i]) === '.' && tokens[i + 1]?.kind === 'ident') i += 2;
  if (text(tokens[i]) !== '{') return undefined;
  // The construction must be the whole expression: its brace closes at the last token.
  let depth = 0;
  for (let j = i; j < tokens.length; j++) {
    const t = text(tokens[j]);
    if (t === '{' || t === '(' || t === '[') depth++;
    else if (t === '}' || t === ')' || t === ']') depth--;
    if (depth === 0 && j < tokens.length - 1) return undefined;
  }
  const name = expression.slice((tokens[0] as CelToken).start, (tokens[i - 1] as CelToken).end);
  return {
    code: 'result_type',
    message: `expression must evaluate to Object but got ${name}: an apply configuration starts from the root type Object`,
    start: (tokens[0] as CelToken).start,
    end: (tokens[tokens.length - 1] as CelToken).end,
  };
}

const EXACT: Record<Exclude<ExpressionPlace, 'variable'>, string> = {
  matchCondition: 'bool',
  applyConfiguration: 'Object',
  jsonPatch: 'list(JSONPatch)',
};

/** A result of static type dyn where the server wants an exact type, over the whole expression. */
function dynResult(site: ExpressionAt): CelIssue {
  const start = site.expression.length - site.expression.trimStart().length;
  const want = EXACT[site.place as Exclude<ExpressionPlace, 'variable'>];
  return {
    code: 'result_type',
    message: `expression must evaluate to ${want} but got dyn: the server compiles object, oldObject and params as dyn and takes only an expression of type ${want}${want === 'bool' ? '; compare the value, e.g. "... == true"' : ''}`,
    start,
    end: site.expression.trimEnd().length,
  };
}

/** The message of one issue, in our words. */
export function issueMessage(issue: CelIssue, place: ExpressionPlace): string {
  return issue.code === 'empty_expression' ? `the expression is empty; write ${WHAT[place]}` : describe(issue, place);
}
