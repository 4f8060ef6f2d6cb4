import { describe, expect, it } from 'vitest';
import { errorsOf as lint } from '../fixtures.js';
import { compositePodGroup, podGroup } from './fixtures.js';

/**
 * Spec items of CompositePodGroup and PodGroup that structural validation enforces: no rule
 * of this area repeats them, so these cases make sure the schema tree keeps stating them.
 */

const ref = '  workloadRef: {workloadName: llm-pretrain, templateName: root}';
const cpg = (lines: string): string => compositePodGroup('root', lines);
const pg = (lines: string): string => podGroup('workers', lines);
const gang = '  schedulingPolicy: {gang: {minCount: 4}}';

describe('CompositePodGroup items covered by structural validation', () => {
  it('has no error when complete', () => {
    expect(lint(cpg(`${ref}\n  schedulingPolicy: {gang: {minGroupCount: 2}}\n  disruptionMode: {all: {}}`))).toEqual([]);
  });

  it('schedulingPolicy is required', () => {
    expect(lint(cpg(ref))).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.schedulingPolicy',
      message: 'missing required field "schedulingPolicy"',
    });
  });

  it('workloadRef is required', () => {
    expect(lint(cpg('  schedulingPolicy: {basic: {}}'))).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.workloadRef',
      message: 'missing required field "workloadRef"',
    });
  });

  it('parentCompositePodGroupName is a DNS name', () => {
    expect(lint(cpg(`  parentCompositePodGroupName: Root_Group\n${ref}\n  schedulingPolicy: {basic: {}}`))).toContainEqual({
      ruleId: 'schema/format',
      path: 'spec.parentCompositePodGroupName',
      message: '"Root_Group" has uppercase letters; a DNS subdomain is lowercase',
    });
  });

  it('preemptionPolicy is Never or PreemptLowerPriority, case-sensitive', () => {
    expect(lint(cpg(`${ref}\n  schedulingPolicy: {basic: {}}\n  preemptionPolicy: never`))).toContainEqual({
      ruleId: 'schema/enum',
      path: 'spec.preemptionPolicy',
      message: '"never" is not allowed here; use one of Never, PreemptLowerPriority (values are case-sensitive: "Never")',
    });
    expect(lint(cpg(`${ref}\n  schedulingPolicy: {basic: {}}\n  preemptionPolicy: Always`))).toContainEqual({
      ruleId: 'schema/enum',
      path: 'spec.preemptionPolicy',
      message: '"Always" is not allowed here; use one of Never, PreemptLowerPriority',
    });
  });

  it('disruptionMode is the object form of Single and All, not a string', () => {
    expect(lint(cpg(`${ref}\n  schedulingPolicy: {basic: {}}\n  disruptionMode: Single`))).toContainEqual({
      ruleId: 'schema/type',
      path: 'spec.disruptionMode',
      message: 'must be a mapping, not "Single"',
    });
  });

  it('gang minGroupCount is required and positive', () => {
    expect(lint(cpg(`${ref}\n  schedulingPolicy: {gang: {minGroupCount: 0}}`))).toContainEqual({
      ruleId: 'schema/range',
      path: 'spec.schedulingPolicy.gang.minGroupCount',
      message: '0 is out of range: must be at least 1',
    });
    expect(lint(cpg(`${ref}\n  schedulingPolicy: {gang: {minGroupCount: -2}}`))).toContainEqual({
      ruleId: 'schema/range',
      path: 'spec.schedulingPolicy.gang.minGroupCount',
      message: '-2 is out of range: must be at least 1',
    });
    expect(lint(cpg(`${ref}\n  schedulingPolicy: {gang: {}}`))).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.schedulingPolicy.gang.minGroupCount',
      message: 'missing required field "minGroupCount"',
    });
  });

  it('workloadRef names a Workload (DNS subdomain) and a template (DNS label)', () => {
    const found = lint(
      cpg('  workloadRef: {workloadName: LLM_Pretrain, templateName: stage.1}\n  schedulingPolicy: {basic: {}}'),
    );
    expect(found).toContainEqual({
      ruleId: 'schema/format',
      path: 'spec.workloadRef.workloadName',
      message: '"LLM_Pretrain" has uppercase letters; a DNS subdomain is lowercase',
    });
    expect(found).toContainEqual({
      ruleId: 'schema/format',
      path: 'spec.workloadRef.templateName',
      message: `"stage.1" is not a DNS label: use lowercase letters, digits and '-', starting and ending with a letter or digit`,
    });
    expect(lint(cpg('  workloadRef: {templateName: root}\n  schedulingPolicy: {basic: {}}'))).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.workloadRef.workloadName',
      message: 'missing required field "workloadName"',
    });
  });
});

describe('PodGroup items covered by structural validation', () => {
  it('has no error when complete', () => {
    expect(
      lint(
        pg(
          `${gang}\n  resourceClaims:\n    - {name: gpus, resourceClaimName: shared-gpus}\n    - {name: nics, resourceClaimTemplateName: nic-template}`,
        ),
      ),
    ).toEqual([]);
  });

  it('schedulingPolicy is required', () => {
    expect(lint(pg('  priorityClassName: training-high'))).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.schedulingPolicy',
      message: 'missing required field "schedulingPolicy"',
    });
  });

  it('gang minCount is a positive integer: missing, zero and negative values are rejected', () => {
    expect(lint(pg('  schedulingPolicy: {gang: {}}'))).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.schedulingPolicy.gang.minCount',
      message: 'missing required field "minCount"',
    });
    expect(lint(pg('  schedulingPolicy: {gang: {minCount: 0}}'))).toContainEqual({
      ruleId: 'schema/range',
      path: 'spec.schedulingPolicy.gang.minCount',
      message: '0 is out of range: must be at least 1',
    });
    expect(lint(pg('  schedulingPolicy: {gang: {minCount: -1}}'))).toContainEqual({
      ruleId: 'schema/range',
      path: 'spec.schedulingPolicy.gang.minCount',
      message: '-1 is out of range: must be at least 1',
    });
    expect(lint(pg('  schedulingPolicy: {gang: {minCount: 2.5}}'))).toContainEqual({
      ruleId: 'schema/type',
      path: 'spec.schedulingPolicy.gang.minCount',
      message: 'must be an integer, not the number 2.5',
    });
  });

  it('resourceClaims holds at most 4 entries', () => {
    const claims = Array.from({ length: 5 }, (_, i) => `    - {name: c${i}, resourceClaimName: claim-${i}}`).join('\n');
    expect(lint(pg(`${gang}\n  resourceClaims:\n${claims}`))).toContainEqual({
      ruleId: 'schema/length',
      path: 'spec.resourceClaims',
      message: 'has 5 items; at most 4 are allowed',
    });
  });

  it('a claim name is a required DNS label', () => {
    expect(lint(pg(`${gang}\n  resourceClaims:\n    - {name: gpus.a, resourceClaimName: shared-gpus}`))).toContainEqual({
      ruleId: 'schema/format',
      path: 'spec.resourceClaims[0].name',
      message: `"gpus.a" is not a DNS label: use lowercase letters, digits and '-', starting and ending with a letter or digit`,
    });
    expect(lint(pg(`${gang}\n  resourceClaims:\n    - {resourceClaimName: shared-gpus}`))).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.resourceClaims[0].name',
      message: 'missing required field "name"',
    });
  });

  it('the claim and template names are DNS subdomains', () => {
    const found = lint(
      pg(
        `${gang}\n  resourceClaims:\n    - {name: a, resourceClaimName: Shared_GPUs}\n    - {name: b, resourceClaimTemplateName: gpu_template}`,
      ),
    );
    expect(found).toContainEqual({
      ruleId: 'schema/format',
      path: 'spec.resourceClaims[0].resourceClaimName',
      message: '"Shared_GPUs" has uppercase letters; a DNS subdomain is lowercase',
    });
    expect(found).toContainEqual({
      ruleId: 'schema/format',
      path: 'spec.resourceClaims[1].resourceClaimTemplateName',
      message: `"gpu_template" is not a DNS subdomain: use lowercase letters, digits, '-' and '.', each part starting and ending with a letter or digit`,
    });
  });

  it('workloadRef needs both names, in their formats', () => {
    expect(lint(pg(`  workloadRef: {workloadName: llm-pretrain}\n${gang}`))).toContainEqual({
      ruleId: 'schema/required',
      path: 'spec.workloadRef.templateName',
      message: 'missing required field "templateName"',
    });
    expect(lint(pg(`  workloadRef: {workloadName: llm-pretrain, templateName: Workers}\n${gang}`))).toContainEqual({
      ruleId: 'schema/format',
      path: 'spec.workloadRef.templateName',
      message: '"Workers" has uppercase letters; a DNS label is lowercase',
    });
  });

  it('preemptionPolicy values, priority limit and priorityClassName format', () => {
    const found = lint(pg(`${gang}\n  preemptionPolicy: Sometimes\n  priority: 2000000000\n  priorityClassName: Training`));
    expect(found).toContainEqual({
      ruleId: 'schema/enum',
      path: 'spec.preemptionPolicy',
      message: '"Sometimes" is not allowed here; use one of Never, PreemptLowerPriority',
    });
    expect(found).toContainEqual({
      ruleId: 'schema/range',
      path: 'spec.priority',
      message: '2000000000 is out of range: must be at most 1000000000',
    });
    expect(found).toContainEqual({
      ruleId: 'schema/format',
      path: 'spec.priorityClassName',
      message: '"Training" has uppercase letters; a DNS subdomain is lowercase',
    });
  });

  it('disruptionMode members are empty objects', () => {
    expect(lint(pg(`${gang}\n  disruptionMode: {all: {pods: 2}}`))).toContainEqual({
      ruleId: 'schema/unknown-field',
      path: 'spec.disruptionMode.all.pods',
      message: 'unknown field "pods"',
    });
  });
});
