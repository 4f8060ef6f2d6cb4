import type { CelIssue } from '@platlint/cel';
import { defineRule } from '@platlint/core';
import type { KindInfo } from '@platlint/core';
import { evaluatedOnEveryRun, failsWhenRun } from './cel-certainty.js';
import { DYNAMIC, compileSites, issueMessage, matchedKinds, refusedByServer } from './cel-compile.js';
import { POLICY, asList, spanIn, specOf } from './shared.js';
import type { ExpressionAt, Json } from './shared.js';

export default defineRule({
  meta: {
    id: 'admission/cel-schema',
    description: 'CEL expressions of a mutating admission policy should fit the schema of the kinds the policy matches (an error where they certainly fail on every request), and the cost budget.',
    kinds: [POLICY],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document C, MutatingAdmissionPolicy (ApplyConfiguration, CEL variables); upstream (API server MutatingAdmissionPolicy admission, CEL environment, apply configurations)',
    docs: [
      'When the resource rules of a policy name only known kinds (or their status subresource), the',
      'expressions are type-checked once more for each of them, with `object` and `oldObject` typed by',
      'that kind\'s schema (metadata included), `params` by a known paramKind, and `Object{...}`',
      'constructions checked field by field. A field the schema lacks, a value of the wrong type in a',
      'construction or an operator that does not fit the field\'s type is reported at its token; when',
      'several kinds are matched, a finding of some of them names them.',
      '',
      'The server does not make this check: it compiles with dynamic types and stores the policy (see',
      'admission/cel). Such an expression fails when it runs: reading a field the schema lacks gives',
      '"no such key" (the API server drops unknown fields before admission), an operator or function',
      'with no overload for the field\'s type gives "no such overload", and an `Object{...}` naming a',
      'field or type the schema lacks is refused when the apply configuration is converted. It is an',
      'error when that failure is certain: every matched kind fails there, the failing part is not',
      'guarded (not a branch of `? :`, an operand of `&&` or `||`, a macro body or inside `has()`), and',
      'the expression runs for every matched request (a mutation, or the only match condition). The',
      'policy then fails on every request it matches, and failurePolicy Fail (the default) denies each',
      'of them. With failurePolicy Ignore the requests are admitted without the mutation: a warning.',
      'Everything else is a warning: a matched `*` or unknown kind, a kind that type-checks, a value',
      'that goes through `dyn` (`dyn(object.spec.replicas) + "x"`), `==`, `!=` and `in` across types',
      '(false, not an error, when it runs), a variable (evaluated only when read), a guarded part, a',
      'field of `params` (a binding may find no parameter).',
      'Expressions that the server refuses are only reported by admission/cel; other type errors (an',
      'operator with no overload, a misused macro) are reported here even when nothing is typed by a',
      'schema.',
      '',
      'An expression whose estimated cost exceeds the per-expression budget (1,000,000) is reported',
      'here too: the server stores it and enforces the budget while it runs, so it is likely, not',
      'certain, to be cut off.',
      '',
      'Fails: `applyConfiguration: {expression: "Object{spec: Object.spec{replicas: object.spec.replicas + \'x\'}}"}` (an error when only Deployments are matched: int + string fails on every request).',
      'Fails: `applyConfiguration: {expression: "Object{spec: Object.spec{replicas: \\"two\\"}}"}` (a warning: replicas is an int).',
      'Passes: `applyConfiguration: {expression: "Object{spec: Object.spec{replicas: 2}}"}`.',
    ].join('\n'),
  },
  check(context) {
    const spec = specOf(context);
    if (!spec) return;
    const refused = new Set(compileSites(context, DYNAMIC).filter(({ issues }) => issues.some(refusedByServer)).map(({ site }) => key(site)));
    const kinds = matchedKinds(spec);
    // What the compile reports with `object` dynamic (params still typed): not the matched kinds' doing.
    const notByKind = new Set(kinds ? compileSites(context, { typed: true, object: undefined }).flatMap(({ site, issues }) => issues.map((i) => issueId(site, i))) : []);
    const perKind = (kinds ?? [undefined]).map((object) => ({ object, sites: compileSites(context, { typed: true, object }) }));
    const sites = new Map<string, { site: ExpressionAt; byKind: { object: KindInfo | undefined; issues: readonly CelIssue[] }[] }>();
    for (const { object, sites: compiled } of perKind) {
      for (const { site, issues } of compiled) {
        const entry = sites.get(key(site)) ?? { site, byKind: [] };
        entry.byKind.push({ object, issues });
        sites.set(key(site), entry);
      }
    }
    const ignored = spec.failurePolicy === 'Ignore';
    for (const [at, { site, byKind }] of sites) {
      // What the server refuses is admission/cel's finding only.
      if (refused.has(at)) continue;
      const certainIn = (issues: readonly CelIssue[]): CelIssue[] =>
        issues.filter((i) => failsWhenRun(i) && !notByKind.has(issueId(site, i)) && evaluatedOnEveryRun(site.expression, i.start));
      // Certain: the schema of every matched kind makes it fail here, where nothing guards it, on
      // every matched request. Issues without the kinds' typing (params, or where this package's
      // typing may lack the server's) stay advice.
      const certain = kinds !== undefined && byKind.length === kinds.length && byKind.every((k) => certainIn(k.issues).length > 0) && runsOnEveryMatch(spec, site);
      for (const { issue, objects } of distinct(byKind)) {
        const some = kinds && kinds.length > 1 && objects.length < kinds.length ? ` (when object is a ${objects.map((o) => o?.kind).join(' or ')})` : '';
        const fails = certain && certainIn([issue]).length > 0;
        const message = issueMessage(issue, site.place) + some + (fails ? (ignored ? IGNORED : DENIED) : '');
        context.report({ path: site.path, message, span: spanIn(context, site.path, issue), ...(fails && !ignored ? { severity: 'error' as const } : {}) });
      }
    }
  },
});

const DENIED = ': it fails on every request the policy matches, and failurePolicy Fail denies each of them';
const IGNORED = ': it fails on every request the policy matches, and with failurePolicy Ignore each is admitted without this policy\'s mutations';

function key(site: ExpressionAt): string {
  return site.path.join('.');
}

function issueId(site: ExpressionAt, issue: CelIssue): string {
  return `${key(site)}:${issue.start}:${issue.end}:${issue.message}`;
}

/**
 * Whether an expression runs for every request the policy matches: each mutation does, a match
 * condition only when it is the only one (another that is false skips the policy without an
 * error), a variable only when an expression reads it (variables are evaluated lazily).
 */
function runsOnEveryMatch(spec: Json, site: ExpressionAt): boolean {
  if (site.place === 'applyConfiguration' || site.place === 'jsonPatch') return true;
  return site.place === 'matchCondition' && asList(spec.matchConditions).length === 1;
}

/** The issues of a site once each, with the kinds whose compile reports them. */
function distinct(byKind: { object: KindInfo | undefined; issues: readonly CelIssue[] }[]): { issue: CelIssue; objects: (KindInfo | undefined)[] }[] {
  const out = new Map<string, { issue: CelIssue; objects: (KindInfo | undefined)[] }>();
  for (const { object, issues } of byKind) {
    for (const issue of issues) {
      const id = `${issue.start}:${issue.end}:${issue.message}`;
      const entry = out.get(id) ?? { issue, objects: [] };
      entry.objects.push(object);
      out.set(id, entry);
    }
  }
  return [...out.values()];
}
