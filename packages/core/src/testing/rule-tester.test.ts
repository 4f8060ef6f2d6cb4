import { describe, expect, it } from 'vitest';
import { defineRule } from '../rules/rule.js';
import type { Rule } from '../rules/rule.js';
import { caseProblems, lintWithRule, undeclaredFix } from './rule-tester.js';

const DEPLOYMENT = 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: a}\n';

describe('RuleTester case checks', () => {
  it('rejects an invalid case that expects no finding', () => {
    expect(caseProblems({ valid: [], invalid: [{ name: 'empty', yaml: DEPLOYMENT, errors: [] }] })).toEqual([
      'invalid case "empty" lists no expected finding',
    ]);
  });

  it('rejects a case written twice, across valid and invalid', () => {
    const errors = [{ path: 'spec', message: 'x' }];
    expect(caseProblems({ valid: [{ yaml: DEPLOYMENT }], invalid: [{ yaml: DEPLOYMENT, errors }] })).toEqual([
      'invalid case 0 repeats valid case 0',
    ]);
  });

  it('keeps cases that differ only in their settings apart', () => {
    expect(
      caseProblems({
        valid: [{ yaml: DEPLOYMENT }, { yaml: DEPLOYMENT, featureGates: { Some: true } }, { yaml: DEPLOYMENT, release: '1.36' }],
        invalid: [],
      }),
    ).toEqual([]);
  });
});

describe('RuleTester fixable check', () => {
  const fixing = (fixable: boolean): Rule =>
    defineRule({
      meta: {
        id: 'test/fixing',
        description: 'renames every Deployment',
        kinds: ['Deployment.apps'],
        severity: 'warning',
        enforcedBy: 'advice',
        source: 'test',
        docs: 'test rule',
        ...(fixable ? { fixable: true } : {}),
      },
      check(context) {
        context.report({ path: ['metadata', 'name'], message: 'rename', fix: { text: 'b' } });
      },
    });

  it('flags a rule that fixes without declaring fixable', () => {
    const rule = fixing(false);
    expect(undeclaredFix(rule, lintWithRule(rule, DEPLOYMENT))).toMatch(/does not declare fixable/);
  });

  it('accepts a rule that declares its fixes', () => {
    const rule = fixing(true);
    expect(undeclaredFix(rule, lintWithRule(rule, DEPLOYMENT))).toBeUndefined();
  });
});
