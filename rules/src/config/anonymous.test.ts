import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './anonymous.js';

RuleTester.run(rule, {
  valid: [
    { yaml: authn([jwt()], 'enabled: true\nconditions:\n  - path: /livez\n  - path: /readyz') },
    { yaml: authn([jwt()], 'enabled: false\nconditions: []') },
  ],
  invalid: [
    {
      yaml: authn([jwt()], 'enabled: false\nconditions:\n  - path: /livez'),
      errors: [{ path: 'anonymous.conditions', message: 'conditions have no effect while anonymous.enabled is false; set enabled: true or remove the conditions', line: 14 }],
    },
    {
      yaml: authn([jwt()], 'enabled: true\nconditions:\n  - path: ""\n  - path: /livez\n  - path: /livez'),
      errors: [
        { path: 'anonymous.conditions[0].path', message: 'path is empty; name the request path anonymous access is allowed for, e.g. "/livez"' },
        { path: 'anonymous.conditions[2].path', message: 'path "/livez" is already listed in conditions[1]; remove the repeat', severity: 'warning' },
      ],
    },
  ],
});
