import { builtinRules } from '@platlint/core';
import type { RuleMeta } from '@platlint/core';
import { rules } from '@platlint/rules';

/** Every rule the CLI knows: the engine's own findings and the rule modules. */
export const allRuleMetas: readonly RuleMeta[] = [...builtinRules, ...rules.map((r) => r.meta)].sort((a, b) => a.id.localeCompare(b.id));
export const knownRuleIds: ReadonlySet<string> = new Set(allRuleMetas.map((r) => r.id));
export { rules };
