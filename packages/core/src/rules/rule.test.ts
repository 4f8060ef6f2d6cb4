import { describe, expect, it } from 'vitest';
import { defineRule, valueAt } from './rule.js';
import type { RuleMeta } from './rule.js';

const meta = (kinds: RuleMeta['kinds'], crossDocument?: string[]): RuleMeta => ({
  id: 'test/kinds',
  description: 'checks kinds',
  kinds,
  severity: 'warning',
  enforcedBy: 'advice',
  source: 'test',
  docs: 'test rule',
  ...(crossDocument ? { crossDocument } : {}),
});
const check = (): void => undefined;

describe('defineRule', () => {
  it('accepts kinds of the catalog, in the core group and others, and "*"', () => {
    expect(() => defineRule({ meta: meta(['Deployment.apps', 'Endpoints']), check })).not.toThrow();
    expect(() => defineRule({ meta: meta('*'), check })).not.toThrow();
  });

  it('refuses a misspelt kind when the rule loads, and names the likely one', () => {
    expect(() => defineRule({ meta: meta(['Deploymnet.apps']), check })).toThrow(
      'rule test/kinds: kinds names "Deploymnet.apps", which is not a kind platlint knows; did you mean "Deployment.apps"?',
    );
  });

  it('refuses a kind without its group', () => {
    expect(() => defineRule({ meta: meta(['FlowSchema']), check })).toThrow(/"FlowSchema", which is not a kind platlint knows/);
  });

  it('checks the kinds read across documents too', () => {
    expect(() => defineRule({ meta: meta(['Deployment.apps'], ['Servce']), check })).toThrow(
      /crossDocument names "Servce".*did you mean "Service"\?/,
    );
  });
});

describe('valueAt', () => {
  it('reads own properties only, keys named like Object.prototype members included', () => {
    const value = JSON.parse('{"spec": {"__proto__": {"a": 1}, "list": [1, 2]}, "metadata": {}}') as Record<string, unknown>;
    expect(valueAt(value, ['spec', '__proto__', 'a'])).toBe(1);
    expect(valueAt(value, ['spec', 'list', 1])).toBe(2);
    expect(valueAt(value, ['metadata', 'constructor'])).toBeUndefined();
    expect(valueAt(value, ['metadata', 'toString'])).toBeUndefined();
  });
});
