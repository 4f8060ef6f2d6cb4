import { describe, expect, it } from 'vitest';
import type { Rule } from '@platlint/core';
import { lintWithRule } from '@platlint/core/testing';
import { rules } from './all.js';

/**
 * The "Fails:" and "Passes:" examples of each rule's docs are linted, so the docs cannot
 * claim what the rule does not do. The convention: after a line that starts "Fails:" or
 * "Passes:", each fenced ```yaml block is one example and a whole file (apiVersion, kind;
 * several documents separated by `---` where the rule looks across documents). A "Fails"
 * example must draw at least one finding from the rule, a "Passes" example none and no error.
 */
interface Example {
  expect: 'fails' | 'passes';
  yaml: string;
}

function docExamples(docs: string): Example[] {
  const examples: Example[] = [];
  let label: Example['expect'] | undefined;
  let block: string[] | undefined;
  for (const line of docs.split('\n')) {
    if (block !== undefined) {
      if (line.trim() === '```') {
        if (label !== undefined) examples.push({ expect: label, yaml: `${block.join('\n')}\n` });
        block = undefined;
      } else block.push(line);
      continue;
    }
    if (/^```ya?ml\s*$/.test(line.trim())) block = [];
    else if (/^Fails:/.test(line)) label = 'fails';
    else if (/^Passes:/.test(line)) label = 'passes';
  }
  return examples;
}

/** Whether every example of the rule is a whole file that can be linted. */
function lintable(rule: Rule): boolean {
  const examples = docExamples(rule.meta.docs);
  return examples.length > 0 && examples.every((e) => /^apiVersion:/m.test(e.yaml) && /^kind:/m.test(e.yaml));
}

/**
 * Rules whose docs still give their examples as fragments or prose; each is removed from
 * this list once its examples are whole files (the test below fails on a stale entry).
 */
const FRAGMENT_EXAMPLES = new Set<string>([
  'admission/binding-params',
  'admission/binding-policy-exists',
  'admission/cel',
  'admission/cel-schema',
  'admission/no-self-match',
  'admission/param-kind',
  'admission/param-ref',
  'admission/params-need-paramkind',
  'admission/patch-type-member',
  'admission/resource-rules',
  'admission/variable-names',
  'admission/variable-references',
  'config/anonymous',
  'config/audience-match-policy',
  'config/audiences',
  'config/authentication-cel',
  'config/authorization-cel',
  'config/authorizer-builtin-name',
  'config/authorizer-unique',
  'config/authorizer-webhook',
  'config/certificate-authority',
  'config/claim-or-expression',
  'config/claim-prefix',
  'config/claim-validation-rule',
  'config/discovery-url-differs',
  'config/egress-name',
  'config/egress-tls',
  'config/egress-transport',
  'config/egress-uds-name',
  'config/email-verified',
  'config/extra-mapping',
  'config/issuer-egress-selector-type',
  'config/issuer-url-form',
  'config/issuer-url-unique',
  'config/tracing-endpoint',
  'config/user-validation-rule',
  'config/webhook-cache-ttl',
  'config/webhook-connection-info',
  'config/webhook-match-condition',
  // Its examples need a CustomResourceDefinition beside them.
  'custom-resource/validation-rules',
  'deployment/containers-required',
  'deployment/progress-deadline',
  'deployment/restart-policy',
  'deployment/selector-immutable',
  'deployment/selector-matches-template',
  'deployment/selector-syntax',
  'deployment/template-forbidden-fields',
  'deployment/volume-names',
  'devicetaintrule/pool-name',
  'devicetaintrule/taint-effect',
  'endpoints/address-readiness',
  'endpoints/app-protocol',
  'endpoints/deprecated',
  'endpoints/ip-address',
  'endpoints/port-name',
  'endpoints/subset-addresses',
  'event/involved-object-namespace',
  'event/reporting-fields',
  'event/series',
  'event/timestamp-order',
  'event/type',
  'feature-gate/gated-field',
  'flowschema/builtin-priority-level',
  'flowschema/builtin-schema',
  'flowschema/concurrency-shares',
  'flowschema/limit-response-queuing',
  'flowschema/non-resource-url',
  'flowschema/precedence-reserved',
  'flowschema/priority-level-exists',
  'flowschema/priority-level-member',
  'flowschema/queuing-limits',
  'flowschema/resource-rule-namespaces',
  'flowschema/rule-has-targets',
  'flowschema/subject-member',
  'flowschema/subject-name',
  'flowschema/subjects-match-everyone',
  'flowschema/supported-verbs',
  'flowschema/wildcard-alone',
  'metadata/annotations',
  'metadata/cluster-scoped-namespace',
  'metadata/identity-immutable',
  'metadata/labels',
  'metadata/name-format',
  'scheduling/composite-spec-immutable',
  'scheduling/hierarchy-cycle',
  'scheduling/hierarchy-depth',
  'scheduling/one-disruption-mode',
  'scheduling/one-scheduling-policy',
  'scheduling/parent-exists',
  'scheduling/podgroup-immutable',
  'scheduling/resource-claim-source',
  'scheduling/single-workload',
  'scheduling/unique-resource-claim-names',
]);

describe('rule docs examples', () => {
  it('are whole files for every rule but the listed ones, and the list is current', () => {
    const fragments = rules.filter((r) => !lintable(r)).map((r) => r.meta.id);
    expect(fragments).toEqual([...FRAGMENT_EXAMPLES]);
  });

  for (const rule of rules.filter(lintable)) {
    docExamples(rule.meta.docs).forEach((example, i) =>
      it(`${rule.meta.id}: example ${i + 1} ${example.expect}`, () => {
        const all = lintWithRule(rule, example.yaml);
        const found = all.filter((d) => d.ruleId === rule.meta.id);
        if (example.expect === 'fails') expect(found.length, example.yaml).toBeGreaterThan(0);
        // A passing example is clean as a whole, not only for this rule, as RuleTester's valid cases are.
        else expect(all.filter((d) => d.ruleId === rule.meta.id || d.severity === 'error').map((d) => `${d.ruleId} ${d.path}: ${d.message}`)).toEqual([]);
      }),
    );
  }
});

describe('docExamples', () => {
  it('takes each fenced YAML block under its label', () => {
    const docs = ['Some text.', '```yaml', 'ignored: before any label', '```', 'Fails:', '', '```yaml', 'a: 1', '```', '', 'Passes:', '```yaml', 'b: 2', '```', '```yaml', 'c: 3', '```'].join('\n');
    expect(docExamples(docs)).toEqual([
      { expect: 'fails', yaml: 'a: 1\n' },
      { expect: 'passes', yaml: 'b: 2\n' },
      { expect: 'passes', yaml: 'c: 3\n' },
    ]);
  });
});
