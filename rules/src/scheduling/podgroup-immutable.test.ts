import { RuleTester } from '@platlint/core/testing';
import rule from './podgroup-immutable.js';
import { podGroup } from './fixtures.js';

const stored = podGroup(
  'workers',
  `  workloadRef: {workloadName: llm-pretrain, templateName: workers}
  schedulingPolicy:
    gang:
      minCount: 8
  disruptionMode:
    all: {}
  priorityClassName: training-high
  resourceClaims:
    - {name: gpus, resourceClaimTemplateName: gpu-template}`,
);
const basic = podGroup('workers', '  schedulingPolicy:\n    basic: {}');
const WHY = 'this field of a PodGroup cannot change after creation';

RuleTester.run(rule, {
  valid: [
    { name: 'no stored object: a create', yaml: stored },
    { name: 'the same spec', yaml: stored, old: stored },
    { name: 'minCount stays mutable', yaml: stored.replace('minCount: 8', 'minCount: 16'), old: stored },
    {
      name: 'priority filled in by the admission controller',
      yaml: stored,
      old: stored.replace('  priorityClassName: training-high', '  priorityClassName: training-high\n  priority: 1000'),
    },
    {
      name: 'the default disruption mode left out',
      yaml: basic,
      old: basic.replace('    basic: {}', '    basic: {}\n  disruptionMode: {single: {}}'),
    },
  ],
  invalid: [
    {
      name: 'changed workload reference and priority class',
      yaml: stored
        .replace('workloadName: llm-pretrain', 'workloadName: llm-finetune')
        .replace('priorityClassName: training-high', 'priorityClassName: training-low'),
      old: stored,
      errors: [
        {
          path: 'spec.workloadRef.workloadName',
          message: `spec.workloadRef.workloadName changed from "llm-pretrain" to "llm-finetune"; ${WHY}`,
          line: 7,
          column: 31,
        },
        {
          path: 'spec.priorityClassName',
          message: `spec.priorityClassName changed from "training-high" to "training-low"; ${WHY}`,
        },
      ],
    },
    {
      name: 'a changed disruption mode',
      yaml: stored.replace('    all: {}', '    single: {}'),
      old: stored,
      errors: [{ path: 'spec.disruptionMode', message: `spec.disruptionMode changed from {"all":{}} to {"single":{}}; ${WHY}` }],
    },
    {
      name: 'the default disruption mode replaced',
      yaml: basic.replace('    basic: {}', '    basic: {}\n  disruptionMode: {all: {}}'),
      old: basic,
      errors: [{ path: 'spec.disruptionMode', message: `spec.disruptionMode changed from {"single":{}} to {"all":{}}; ${WHY}` }],
    },
    {
      name: 'a changed resource claim list',
      yaml: stored.replace('resourceClaimTemplateName: gpu-template', 'resourceClaimName: shared-gpus'),
      old: stored,
      errors: [
        {
          path: 'spec.resourceClaims',
          message: `spec.resourceClaims changed from [{"name":"gpus","resourceClaimTemplateName":"gpu-template"}] to [{"name":"gpus","resourceClaimName":"shared-gpus"}]; ${WHY}`,
        },
      ],
    },
    {
      name: 'a parent set after creation',
      yaml: basic.replace('spec:\n', 'spec:\n  parentCompositePodGroupName: root\n'),
      old: basic,
      errors: [{ path: 'spec.parentCompositePodGroupName', message: `spec.parentCompositePodGroupName was added; ${WHY}` }],
    },
    {
      name: 'schedulingConstraints are immutable too (the spec marks them so)',
      yaml: basic + '  schedulingConstraints:\n    topology:\n      - key: topology.plat.io/rack\n',
      old: basic + '  schedulingConstraints:\n    topology:\n      - key: topology.plat.io/zone\n',
      errors: [
        {
          path: 'spec.schedulingConstraints.topology',
          message: `spec.schedulingConstraints.topology changed from [{"key":"topology.plat.io/zone"}] to [{"key":"topology.plat.io/rack"}]; ${WHY}`,
        },
      ],
    },
    {
      name: 'switching from basic to gang',
      yaml: basic.replace('basic: {}', 'gang: {minCount: 2}'),
      old: basic,
      errors: [
        { path: 'spec.schedulingPolicy', messageId: 'policySwitched', data: { was: 'basic', is: 'gang' }, line: 8, column: 5 },
      ],
    },
    {
      name: 'gang added next to basic',
      yaml: basic.replace('basic: {}', 'basic: {}\n    gang: {minCount: 2}'),
      old: basic,
      errors: [
        { path: 'spec.schedulingPolicy.gang', messageId: 'policyMemberAdded', data: { member: 'gang', what: 'gang scheduling' } },
      ],
    },
    {
      name: 'gang removed, leaving no policy',
      yaml: stored
        .replace('    gang:\n      minCount: 8', '    {}')
        .replace('  schedulingPolicy:\n    {}', '  schedulingPolicy: {}'),
      old: stored,
      errors: [
        {
          path: 'spec.schedulingPolicy.gang',
          messageId: 'policyMemberRemoved',
          data: { member: 'gang', what: 'gang scheduling' },
        },
      ],
    },
  ],
});
