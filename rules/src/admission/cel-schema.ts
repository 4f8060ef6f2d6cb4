import type { CelIssue } from '@platlint/cel';
import { defineRule } from '@platlint/core';
import type { KindInfo } from '@platlint/core';
import { evaluatedOnEveryRun, failsWhenRun } from './cel-certainty.js';
import { compileSites, DYNAMIC, issueMessage, matchedKinds } from './cel-compile.js';
import type { SiteIssues } from './cel-compile.js';
import { POLICY, specOf } from './shared.js';
import type { ExpressionAt } from './shared.js';
import type { Obj } from '../kit/objects.js';
import { listOf } from '../kit/objects.js';
import { refusedByServer, spanIn } from '../kit/cel.js';
import docs from './cel-schema.md';

export default defineRule({
  meta: {
    id: 'admission/cel-schema',
    description:
      'CEL expressions of a mutating admission policy should fit the schema of the kinds the policy matches (an error where they certainly fail on every request), and the cost budget.',
    kinds: [POLICY],
    severity: 'warning',
    enforcedBy: 'advice',
    source:
      'API document C, MutatingAdmissionPolicy (ApplyConfiguration, CEL variables); upstream (API server MutatingAdmissionPolicy admission, CEL environment, apply configurations)',
    docs,
    // The compiler's issues are open-ended: the issue, in our words, is the data, with the kinds it
    // holds for when the policy matches several and only some of them fail.
    messages: {
      schemaIssue: '{{issue}}{{kinds}}',
      failsAndDenies:
        '{{issue}}{{kinds}}: it fails on every request the policy matches, and failurePolicy Fail denies each of them',
      failsAndIgnored:
        "{{issue}}{{kinds}}: it fails on every request the policy matches, and with failurePolicy Ignore each is admitted without this policy's mutations",
    },
  },
  check(context) {
    const spec = specOf(context);
    if (!spec) return;
    const refused = new Set(
      compileSites(context, DYNAMIC)
        .filter(({ issues }) => issues.some(refusedByServer))
        .map(({ site }) => key(site)),
    );
    const kinds = matchedKinds(spec);
    // What the compile reports with `object` dynamic (params still typed) is not the matched kinds'
    // doing. Compiled only when an issue of the kinds' typing asks, which most policies never have.
    let notByKind: ReadonlySet<string> | undefined;
    const byTheKinds = (site: ExpressionAt, issue: CelIssue): boolean => {
      notByKind ??= kinds ? issueIdsOf(compileSites(context, { typed: true, object: undefined })) : new Set();
      return !notByKind.has(issueId(site, issue));
    };
    const perKind = (kinds ?? [undefined]).map((object) => ({ object, sites: compileSites(context, { typed: true, object }) }));
    const sites = new Map<
      string,
      { site: ExpressionAt; byKind: { object: KindInfo | undefined; issues: readonly CelIssue[] }[] }
    >();
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
        issues.filter((i) => failsWhenRun(i) && byTheKinds(site, i) && evaluatedOnEveryRun(site.expression, i.start));
      // Certain: the schema of every matched kind makes it fail here, where nothing guards it, on
      // every matched request. Issues without the kinds' typing (params, or where this package's
      // typing may lack the server's) stay advice.
      const certain =
        kinds !== undefined &&
        byKind.length === kinds.length &&
        byKind.every((k) => certainIn(k.issues).length > 0) &&
        runsOnEveryMatch(spec, site);
      for (const { issue, objects } of distinct(byKind)) {
        const some =
          kinds && kinds.length > 1 && objects.length < kinds.length
            ? ` (when object is a ${objects.map((o) => o?.kind).join(' or ')})`
            : '';
        const fails = certain && certainIn([issue]).length > 0;
        const messageId = fails ? (ignored ? 'failsAndIgnored' : 'failsAndDenies') : 'schemaIssue';
        context.report({
          path: site.path,
          messageId,
          data: { issue: issueMessage(issue, site.place), kinds: some },
          span: spanIn(context, site.path, issue),
          ...(fails && !ignored ? { severity: 'error' as const } : {}),
        });
      }
    }
  },
});

function key(site: ExpressionAt): string {
  return site.path.join('.');
}

function issueId(site: ExpressionAt, issue: CelIssue): string {
  return `${key(site)}:${issue.start}:${issue.end}:${issue.message}`;
}

function issueIdsOf(compiled: readonly SiteIssues[]): Set<string> {
  return new Set(compiled.flatMap(({ site, issues }) => issues.map((i) => issueId(site, i))));
}

/**
 * Whether an expression runs for every request the policy matches: each mutation does, a match
 * condition only when it is the only one (another that is false skips the policy without an
 * error), a variable only when an expression reads it (variables are evaluated lazily).
 */
function runsOnEveryMatch(spec: Obj, site: ExpressionAt): boolean {
  if (site.place === 'applyConfiguration' || site.place === 'jsonPatch') return true;
  return site.place === 'matchCondition' && listOf(spec.matchConditions).length === 1;
}

/** The issues of a site once each, with the kinds whose compile reports them. */
function distinct(
  byKind: { object: KindInfo | undefined; issues: readonly CelIssue[] }[],
): { issue: CelIssue; objects: (KindInfo | undefined)[] }[] {
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
