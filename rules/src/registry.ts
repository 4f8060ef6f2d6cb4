import { builtinRules } from '@platlint/core';
import type { RuleMeta } from '@platlint/core';
import { rules } from './all.js';

/**
 * What every door needs to know about the rules, in one place: the CLI, the language server
 * and the docs list, configure and share across threads the same set.
 */

/** Every rule: the engine's own findings and the rule modules, in id order. */
export const allRuleMetas: readonly RuleMeta[] = [...builtinRules, ...rules.map((r) => r.meta)].sort((a, b) => a.id.localeCompare(b.id));

/** The ids a configuration file or `--rule` may name. */
export const knownRuleIds: ReadonlySet<string> = new Set(allRuleMetas.map((r) => r.id));

/** Group-kinds that some rule reads from other documents: what threads and files must share. */
export const crossDocumentKinds: ReadonlySet<string> = new Set(rules.flatMap((r) => r.meta.crossDocument ?? []));
