import { RuleTester } from '@platlint/core/testing';
import rule from './one-disruption-mode.js';
import { compositePodGroup, podGroup } from './fixtures.js';

const policy = '  schedulingPolicy: {gang: {minCount: 4}}';
const composite = (mode: string): string =>
  compositePodGroup(
    'root',
    `  workloadRef: {workloadName: llm-pretrain, templateName: root}\n  schedulingPolicy: {basic: {}}\n${mode}`,
  );

RuleTester.run(rule, {
  valid: [
    { name: 'all', yaml: podGroup('workers', `${policy}\n  disruptionMode:\n    all: {}`) },
    { name: 'single', yaml: podGroup('workers', `${policy}\n  disruptionMode:\n    single: {}`) },
    { name: 'left out: the default single', yaml: podGroup('workers', policy) },
    { name: 'CompositePodGroup with all', yaml: composite('  disruptionMode: {all: {}}') },
  ],
  invalid: [
    {
      name: 'both modes',
      yaml: podGroup('workers', `${policy}\n  disruptionMode:\n    single: {}\n    all: {}`),
      errors: [{ path: 'spec.disruptionMode.all', messageId: 'both', line: 10, column: 5 }],
    },
    {
      name: 'no mode in an explicit object',
      yaml: podGroup('workers', `${policy}\n  disruptionMode: {}`),
      errors: [{ path: 'spec.disruptionMode.single', messageId: 'neither' }],
    },
    {
      name: 'both modes in a CompositePodGroup',
      yaml: composite('  disruptionMode: {single: {}, all: {}}'),
      errors: [{ path: 'spec.disruptionMode.all', messageId: 'both' }],
    },
  ],
});
