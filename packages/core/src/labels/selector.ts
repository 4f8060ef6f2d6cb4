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
