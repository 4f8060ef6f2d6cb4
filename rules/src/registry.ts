import { builtinRules, compareRuleIds } from '@platlint/core';
import type { Rule, RuleMeta } from '@platlint/core';
import { rules } from './all.js';

/**
 * What every door needs to know about the rules, in one place: the CLI, the language server
 * and the docs list, configure and share across threads the same set.
 */

/** Every rule: the engine's own findings and the rule modules, in id order. */
export const allRuleMetas: readonly RuleMeta[] = [...builtinRules, ...rules.map((r) => r.meta)].sort((a, b) =>
  compareRuleIds(a.id, b.id),
);

/** The ids a configuration file or `--rule` may name. */
export const knownRuleIds: ReadonlySet<string> = new Set(allRuleMetas.map((r) => r.id));

/** Group-kinds that some rule reads from other documents: what threads and files must share. */
export const crossDocumentKinds: ReadonlySet<string> = new Set(rules.flatMap((r) => r.meta.crossDocument ?? []));

const metaById = new Map(allRuleMetas.map((m) => [m.id, m]));

/**
 * Whether an error finding of this rule (or engine check) mirrors a refusal by the API server.
 * Unknown ids count as advice: only a known server check may refuse an object.
 */
export function enforcedByServer(ruleId: string): boolean {
  return metaById.get(ruleId)?.enforcedBy === 'server';
}

/** The rule modules whose error findings mirror a refusal by the API server: what decides whether the server would store an object. */
export function serverEnforcedRules(): readonly Rule[] {
  return rules.filter((r) => r.meta.enforcedBy === 'server');
}

/** The advisory rule modules written for the given group-kinds (`Kind.group`): findings worth a warning, never a refusal. */
export function adviceRulesFor(groupKinds: readonly string[]): readonly Rule[] {
  return rules.filter(
    (r) => r.meta.enforcedBy === 'advice' && r.meta.kinds !== '*' && r.meta.kinds.some((k) => groupKinds.includes(k)),
  );
}
