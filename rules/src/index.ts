export { rules } from './all.js';
export { allRuleMetas, crossDocumentKinds, knownRuleIds } from './registry.js';

/** The checker of API request URLs (`platlint request`). */
export * from './requests/index.js';
