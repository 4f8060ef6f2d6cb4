export { rules } from './all.js';
export { createLintEngine, type EngineOptions } from './engine.js';
export {
  adviceRulesFor,
  allRuleMetas,
  crossDocumentKinds,
  enforcedByServer,
  knownRuleIds,
  serverEnforcedRules,
} from './registry.js';

/** The checker of API request URLs (`platlint request`). */
