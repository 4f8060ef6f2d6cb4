import { RuleTester } from '@platlint/core/testing';
import rule from './composite-spec-immutable.js';
import { compositePodGroup } from './fixtures.js';

const stored = compositePodGroup(
  'stage-1',
  `  parentCompositePodGroupName: root
  workloadRef: {workloadName: llm-pretrain, templateName: stage-1}
  schedulingPolicy:
    gang: {minGroupCount: 2}
  priorityClassName: training-high
  priority: 1000
  schedulingConstraints:
    topology:
      - key: topology.plat.io/zone`,
);

RuleTester.run(rule, {
  valid: [
    { name: 'no stored object: a create', yaml: stored },
    { name: 'the same spec', yaml: stored, old: stored },
    {
      name: 'metadata may change',
      yaml: stored.replace('  namespace: ml-training', '  namespace: ml-training\n  labels: {team: ml}'),
      old: stored,
    },
    {
      name: 'the default disruption mode written out',
      yaml: stored.replace('  priority: 1000', '  priority: 1000\n  disruptionMode: {single: {}}'),
      old: stored,
    },
    {
      name: 'priority filled in by the server and not in the manifest',
      yaml: stored.replace('  priority: 1000\n', ''),
      old: stored,
    },
    {
      // With one stored object of the kind, a new one elsewhere is its update (namespace and name can only be refused); with two, neither is.
      name: 'other objects of the same name elsewhere are not the stored one',
      yaml: stored,
      old: ['other', 'third']
        .map((ns) => stored.replace('namespace: ml-training', `namespace: ${ns}`).replace('minGroupCount: 2', 'minGroupCount: 3'))
        .join('---\n'),
    },
  ],
  invalid: [
    {
      name: 'a changed minGroupCount',
      yaml: stored.replace('minGroupCount: 2', 'minGroupCount: 3'),
      old: stored,
      errors: [
        {
          path: 'spec.schedulingPolicy.gang.minGroupCount',
          messageId: 'fieldChanged',
          data: {
            name: 'spec.schedulingPolicy.gang.minGroupCount',
            before: 2,
            after: 3,
            why: 'the spec of a CompositePodGroup cannot change after creation',
          },
          line: 10,
          column: 27,
        },
      ],
    },
    {
      name: 'a changed parent and template name',
      yaml: stored
        .replace('parentCompositePodGroupName: root', 'parentCompositePodGroupName: root-2')
        .replace('templateName: stage-1', 'templateName: stage-2'),
      old: stored,
      errors: [
        {
          path: 'spec.parentCompositePodGroupName',
          messageId: 'fieldChanged',
          data: {
            name: 'spec.parentCompositePodGroupName',
            before: '"root"',
            after: '"root-2"',
            why: 'the spec of a CompositePodGroup cannot change after creation',
          },
        },
        {
          path: 'spec.workloadRef.templateName',
          messageId: 'fieldChanged',
          data: {
            name: 'spec.workloadRef.templateName',
            before: '"stage-1"',
            after: '"stage-2"',
            why: 'the spec of a CompositePodGroup cannot change after creation',
          },
        },
      ],
    },
    {
      name: 'a field that was left out (the default) and is now set to another value',
      yaml: stored.replace('  priority: 1000', '  priority: 1000\n  disruptionMode: {all: {}}'),
      old: stored,
      errors: [
        {
          path: 'spec.disruptionMode',
          messageId: 'fieldChanged',
          data: {
            name: 'spec.disruptionMode',
            before: '{"single":{}}',
            after: '{"all":{}}',
            why: 'the spec of a CompositePodGroup cannot change after creation',
          },
        },
      ],
    },
    {
      name: 'basic swapped for gang is one change',
      yaml: stored.replace('gang: {minGroupCount: 2}', 'basic: {}'),
      old: stored,
      errors: [
        {
          path: 'spec.schedulingPolicy',
          messageId: 'fieldChanged',
          data: {
            name: 'spec.schedulingPolicy',
            before: '{"gang":{"minGroupCount":2}}',
            after: '{"basic":{}}',
            why: 'the spec of a CompositePodGroup cannot change after creation',
          },
        },
      ],
    },
    {
      name: 'an added field',
      yaml: stored.replace('  priority: 1000', '  priority: 1000\n  preemptionPolicy: Never'),
      old: stored,
      errors: [
        {
          path: 'spec.preemptionPolicy',
          messageId: 'fieldChanged',
          data: {
            name: 'spec.preemptionPolicy',
            before: '"PreemptLowerPriority"',
            after: '"Never"',
            why: 'the spec of a CompositePodGroup cannot change after creation',
          },
        },
      ],
    },
    {
      name: 'a field added without a default',
      yaml: stored.replace('  parentCompositePodGroupName: root\n', ''),
      old: stored.replace('  priorityClassName: training-high\n', ''),
      errors: [
        {
          path: 'spec.parentCompositePodGroupName',
          messageId: 'fieldRemoved',
          data: {
            name: 'spec.parentCompositePodGroupName',
            before: '"root"',
            why: 'the spec of a CompositePodGroup cannot change after creation',
          },
        },
        {
          path: 'spec.priorityClassName',
          messageId: 'fieldAdded',
          data: { name: 'spec.priorityClassName', why: 'the spec of a CompositePodGroup cannot change after creation' },
          line: 10,
          column: 3,
        },
      ],
    },
    {
      name: 'a removed field',
      yaml: stored.replace('  priorityClassName: training-high\n', ''),
      old: stored,
      errors: [
        {
          path: 'spec.priorityClassName',
          messageId: 'fieldRemoved',
          data: {
            name: 'spec.priorityClassName',
            before: '"training-high"',
            why: 'the spec of a CompositePodGroup cannot change after creation',
          },
        },
      ],
    },
    {
      name: 'a changed list',
      yaml: stored.replace('topology.plat.io/zone', 'topology.plat.io/region'),
      old: stored,
      errors: [
        {
          path: 'spec.schedulingConstraints.topology',
          messageId: 'fieldChanged',
          data: {
            name: 'spec.schedulingConstraints.topology',
            before: '[{"key":"topology.plat.io/zone"}]',
            after: '[{"key":"topology.plat.io/region"}]',
            why: 'the spec of a CompositePodGroup cannot change after creation',
          },
        },
      ],
    },
  ],
});
