import { RuleTester } from '@platlint/core/testing';
import { deploymentWithPod } from './fixtures.js';
import rule from './scheduling-gates.js';

RuleTester.run(rule, {
  valid: [{ yaml: deploymentWithPod('      schedulingGates: [{name: example.com/a}, {name: example.com/b}]\n') }],
  invalid: [
    {
      yaml: deploymentWithPod('      schedulingGates: [{name: a}, {name: b}, {name: a}]\n'),
      errors: [{ path: 'spec.template.spec.schedulingGates[2].name', messageId: 'gateTwice', data: { name: 'a' } }],
    },
  ],
});
