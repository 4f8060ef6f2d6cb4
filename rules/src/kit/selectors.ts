// Label selectors (matchLabels AND matchExpressions), as rules check and evaluate them. Core owns
// what a selector means (its operators, how it matches a label set, what the server refuses in a
// term's values), because the admission matcher evaluates selectors too; the kit re-exports that
// and adds the walk over a selector's terms with the paths the findings go to.
import type { FieldPath, RuleContext } from '@platlint/core';
import { termValuesProblem } from '@platlint/core';
import { forEachObject, objectsIn, type Obj } from './objects.js';

/**
 * From core: the four operators and whether each compares values; whether a selector has no
 * terms; evaluating one against a label set; and the value check of one term with its messages
 * (spread TERM_VALUES_MESSAGES into a rule's meta.messages to report by its ids).
 */
export {
  SELECTOR_OPERATORS,
  comparesValues,
  isEmptySelector,
  isSelectorOperator,
  selectorMatches,
  TERM_VALUES_MESSAGES,
  termValuesProblem,
} from '@platlint/core';
export type { LabelSelector } from '@platlint/core';

/**
 * The terms of a selector's `matchExpressions` (or a node selector term's) that are mappings,
 * each with its index: the path of a finding on a term is `[...selectorPath, 'matchExpressions', i]`.
 */
export function selectorTerms(selector: Obj): readonly (readonly [Obj, number])[] {
  return objectsIn(selector.matchExpressions);
}

/**
 * Reports each term of the selector at `at` whose values the server refuses (In/NotIn without
 * values, Exists/DoesNotExist with some), at the term's `values`. The rule's meta.messages hold
 * TERM_VALUES_MESSAGES.
 */
export function reportTermValueProblems(context: RuleContext, selector: Obj, at: FieldPath): void {
  forEachObject(selector.matchExpressions, (term, i) => {
    const problem = termValuesProblem(term);
    if (problem) context.report({ path: [...at, 'matchExpressions', i, 'values'], ...problem });
  });
}
