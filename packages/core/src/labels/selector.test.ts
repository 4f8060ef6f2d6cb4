import { describe, expect, it } from 'vitest';
import { catalog } from '../kinds/catalog.js';
import { schemaAt } from '../schema/tree.js';
import { comparesValues, isSelectorOperator, SELECTOR_OPERATORS, selectorMatches } from './selector.js';

describe('selector operators', () => {
  it('are one list: the schema enum, the evaluator and the value rules agree', () => {
    const requirement = catalog.typeSchema('meta/v1.LabelSelectorRequirement');
    expect(schemaAt(requirement, ['operator'])?.enum).toEqual(Object.keys(SELECTOR_OPERATORS));
    for (const operator of Object.keys(SELECTOR_OPERATORS)) {
      expect(isSelectorOperator(operator)).toBe(true);
      // Every known operator evaluates to something, never to "unknown operator matches nothing".
      const values = comparesValues(operator as keyof typeof SELECTOR_OPERATORS) ? ['a'] : [];
      const withKey = selectorMatches({ matchExpressions: [{ key: 'k', operator, values }] }, { k: 'a' });
      const withoutKey = selectorMatches({ matchExpressions: [{ key: 'k', operator, values }] }, {});
      expect(withKey).not.toBe(withoutKey);
    }
    expect(isSelectorOperator('in')).toBe(false);
    expect(isSelectorOperator('toString')).toBe(false);
  });
});
