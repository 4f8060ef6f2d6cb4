import { describe, expect, it } from 'vitest';
import { RuleTester, lintWithRule } from '../testing/rule-tester.js';
import { messageRefOf, reportText } from './messages.js';
import { defineRule } from './rule.js';
import type { MessageRef } from './messages.js';

const meta = { id: 'test/messages', messages: { tooMany: '{{count}} replicas is more than {{ max }}', plain: 'no placeholder' } };

describe('reportText', () => {
  it('fills the placeholders of the message id with the data', () => {
    expect(reportText(meta, { messageId: 'tooMany', data: { count: 12, max: 10 } })).toBe('12 replicas is more than 10');
    expect(reportText(meta, { messageId: 'plain' })).toBe('no placeholder');
  });

  it('passes a message written out through', () => {
    expect(reportText(meta, { message: 'as written {{x}}' })).toBe('as written {{x}}');
  });

  it('refuses an id the rule does not have, and a placeholder without data', () => {
    expect(() => reportText(meta, { messageId: 'toString' })).toThrow(
      'rule test/messages reported the message id "toString", which its meta.messages does not have',
    );
    expect(() => reportText(meta, { messageId: 'tooMany', data: { count: 12 } })).toThrow(
      'rule test/messages: message "tooMany" needs data "max"',
    );
  });
});

const DEPLOYMENT =
  'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: 12\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers: [{name: web, image: nginx:1.27}]\n';

const byId = (report: MessageRef) =>
  defineRule({
    meta: {
      id: 'test/messages',
      description: 'reports replicas by message id',
      kinds: ['Deployment.apps'],
      severity: 'warning',
      enforcedBy: 'advice',
      source: 'test',
      docs: 'a rule that reports by message id',
      messages: meta.messages,
    },
    check(context) {
      context.report({ path: ['spec', 'replicas'], ...report });
      context.reportMissing(['spec', 'paused'], report);
    },
  });

describe('reports by message id', () => {
  it('become findings with the text filled in, and keep their id and data beside them', () => {
    const found = lintWithRule(byId({ messageId: 'tooMany', data: { count: 12, max: 10 } }), DEPLOYMENT);
    expect(found.map((d) => [d.path, d.message])).toEqual([
      ['spec.paused', '12 replicas is more than 10'],
      ['spec.replicas', '12 replicas is more than 10'],
    ]);
    expect(found.map(messageRefOf)).toEqual([
      { messageId: 'tooMany', data: { count: 12, max: 10 } },
      { messageId: 'tooMany', data: { count: 12, max: 10 } },
    ]);
    // The findings themselves are unchanged: the formatters and the cache see the same fields as before.
    expect(Object.keys(found[0] ?? {}).sort()).toEqual(['document', 'message', 'path', 'range', 'ruleId', 'severity']);
  });

  it('of an unknown id make the rule a crashed one, reported, not a half-filled text', () => {
    const found = lintWithRule(byId({ messageId: 'tooFew' }), DEPLOYMENT);
    expect(found.map((d) => d.message)).toEqual([
      'rule test/messages crashed: rule test/messages reported the message id "tooFew", which its meta.messages does not have',
    ]);
  });
});

// The tester compares the id and the data (a case that names another id or other data fails).
RuleTester.run(byId({ messageId: 'tooMany', data: { count: 12, max: 10 } }), {
  valid: [],
  invalid: [
    {
      yaml: DEPLOYMENT,
      errors: [
        // In source order: the missing field points at `spec`, above replicas.
        { path: 'spec.paused', messageId: 'tooMany', data: { count: 12, max: 10 } },
        { path: 'spec.replicas', messageId: 'tooMany', data: { count: 12, max: 10 } },
      ],
    },
  ],
});
