import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './anonymous.js';

const noAnonymous = (jwts: string[]): string => authn(jwts).replace(/anonymous:\n( {2}.*\n)*/, '');

RuleTester.run(rule, {
  valid: [
    { yaml: authn([jwt()], 'enabled: true\nconditions:\n  - path: /livez\n  - path: /readyz') },
    { yaml: authn([jwt()], 'enabled: false\nconditions: []') },
    // Every member may be left out (A1): the server loads these.
    { yaml: noAnonymous([jwt()]) },
    { yaml: authn([jwt()], 'enabled: true') },
    { yaml: authn([jwt()], 'enabled: false') },
    { yaml: authn([jwt()], '{}') },
  ],
  invalid: [
    {
      yaml: authn([jwt()], 'enabled: false\nconditions:\n  - path: /livez'),
      errors: [{ path: 'anonymous.conditions', message: 'conditions have no effect while anonymous.enabled is false; set enabled: true or remove the conditions', line: 14 }],
    },
    {
      yaml: authn([jwt()], 'conditions:\n  - path: /livez'),
      errors: [{ path: 'anonymous.conditions', message: 'conditions have no effect while anonymous.enabled is false; set enabled: true or remove the conditions' }],
    },
    {
      // The server does not validate paths: these are warnings only.
      yaml: authn([jwt()], 'enabled: true\nconditions:\n  - path: ""\n  - path: /livez\n  - path: /livez\n  - {}'),
      errors: [
        { path: 'anonymous.conditions[0].path', message: 'path is empty; name the request path anonymous access is allowed for, e.g. "/livez"', severity: 'warning' },
        { path: 'anonymous.conditions[2].path', message: 'path "/livez" is already listed in conditions[1]; remove the repeat', severity: 'warning' },
        { path: 'anonymous.conditions[3].path', message: 'path is missing; name the request path anonymous access is allowed for, e.g. "/livez"', severity: 'warning' },
      ],
    },
  ],
});
