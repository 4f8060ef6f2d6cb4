/**
 * The value grammars of the platform that more than one package reads: durations, quantities
 * and label selector operators. A subpath of its own (`@platlint/core/values`) so that
 * @platlint/cel can use them without loading the catalog and the validator.
 */
export { parseDuration } from './duration.js';
export { addQuantities, compareQuantities, parseQuantity } from './quantity.js';
