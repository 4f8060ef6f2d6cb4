import { builtinRules } from '@platlint/core';
import type { RuleMeta } from '@platlint/core';
import { rules } from '@platlint/rules';

// The same composition as the CLI's registry (packages/cli/src/registry.ts), from the same
// public exports: the engine's own findings plus the rule modules, so a configuration file
// that the CLI accepts is accepted here and the same rules run.
export const allRuleMetas: readonly RuleMeta[] = [...builtinRules, ...rules.map((r) => r.meta)];
export const knownRuleIds: ReadonlySet<string> = new Set(allRuleMetas.map((r) => r.id));
export { rules };

/** Group-kinds that some rule reads from other documents (other files of the run). */
export const crossDocumentKinds: ReadonlySet<string> = new Set(rules.flatMap((r) => r.meta.crossDocument ?? []));
