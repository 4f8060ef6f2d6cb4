/** Label selectors as the platform evaluates them (matchLabels AND matchExpressions). */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

/**
 * The operators of a set-based requirement, each with whether it compares the label's value
 * with `values` (then at least one is needed) or only looks at the key (then none is allowed).
 */
export const SELECTOR_OPERATORS = { In: 'values', NotIn: 'values', Exists: 'key only', DoesNotExist: 'key only' } as const;
export type SelectorOperator = keyof typeof SELECTOR_OPERATORS;

export function isSelectorOperator(operator: unknown): operator is SelectorOperator {
  return typeof operator === 'string' && Object.hasOwn(SELECTOR_OPERATORS, operator);
}

/** Whether the operator compares values (In, NotIn) rather than only the key's presence. */
export function comparesValues(operator: SelectorOperator): boolean {
  return SELECTOR_OPERATORS[operator] === 'values';
}

/** The messages termValuesProblem reports by id, for the meta.messages of each rule that calls it. */
export const TERM_VALUES_MESSAGES = {
  termNeedsValues: 'operator {{operator}} needs at least one value; add values or use Exists/DoesNotExist',
  termTakesNoValues: 'operator {{operator}} takes no values; remove them, or use In/NotIn to compare values',
} as const;

/**
 * What is wrong with the values of one set-based term as the server checks it: In and NotIn
 * need at least one value, Exists and DoesNotExist take none. The finding belongs at the term's
 * `values` (on the term's key when `values` is not written). Undefined for a good term, and for
 * an operator outside the four, which the schema's enum reports. The ids are TERM_VALUES_MESSAGES'.
 */
export function termValuesProblem(
  term: Readonly<Record<string, unknown>>,
): { target?: 'key' | 'value'; messageId: keyof typeof TERM_VALUES_MESSAGES; data: { operator: string } } | undefined {
  const { operator } = term;
  if (!isSelectorOperator(operator)) return undefined;
  const values = Array.isArray(term.values) ? term.values : undefined;
  if (comparesValues(operator) && (values?.length ?? 0) === 0) {
    return { target: values ? 'value' : 'key', messageId: 'termNeedsValues', data: { operator } };
  }
  if (!comparesValues(operator) && values && values.length > 0) {
    return { messageId: 'termTakesNoValues', data: { operator } };
  }
  return undefined;
}

/** True when the selector selects nothing in particular: it has no terms at all. */
export function isEmptySelector(selector: LabelSelector | undefined): boolean {
  return !selector || (Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0);
}

/** Evaluates a selector against a label set; an empty selector matches everything. */
export function selectorMatches(selector: LabelSelector, labels: Readonly<Record<string, string>>): boolean {
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) if (labels[key] !== value) return false;
  for (const term of selector.matchExpressions ?? []) {
    const has = Object.hasOwn(labels, term.key);
    const value = labels[term.key];
    const values = term.values ?? [];
    switch (term.operator) {
      case 'In':
        if (!has || !values.includes(value as string)) return false;
        break;
      case 'NotIn':
        if (has && values.includes(value as string)) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}
