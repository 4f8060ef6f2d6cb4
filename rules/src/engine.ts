import { LintEngine, type LintEngineOptions, type Rule } from '@platlint/core';
import { rules as allRules } from './all.js';
import { knownRuleIds } from './registry.js';

/**
 * What a door says about a run. The rules and the ids a configuration may name are this
 * package's to know; a door that lints with fewer rules (the admission state loader, which
 * judges as the server does) names them, and every id stays known to its configuration.
 */
export type EngineOptions = Omit<LintEngineOptions, 'rules' | 'knownRuleIds'> & { rules?: readonly Rule[] };

/** The one way a door makes a lint engine: core's engine with this package's rules (core cannot import them). */
export function createLintEngine(options: EngineOptions): LintEngine {
  return new LintEngine({ ...options, rules: options.rules ?? allRules, knownRuleIds });
}
