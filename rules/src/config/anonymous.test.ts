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
      errors: [{ path: 'anonymous.conditions', messageId: 'conditionsWhileDisabled', line: 14 }],
    },
    {
      yaml: authn([jwt()], 'conditions:\n  - path: /livez'),
      errors: [{ path: 'anonymous.conditions', messageId: 'conditionsWhileDisabled' }],
    },
    {
      // The server does not validate paths: these are warnings only.
      yaml: authn([jwt()], 'enabled: true\nconditions:\n  - path: ""\n  - path: /livez\n  - path: /livez\n  - {}'),
      errors: [
        { path: 'anonymous.conditions[0].path', messageId: 'noPath', data: { state: 'empty' }, severity: 'warning' },
        {
          path: 'anonymous.conditions[2].path',
          messageId: 'repeatedPath',
          data: { path: '"/livez"', firstIndex: 1 },
          severity: 'warning',
        },
        { path: 'anonymous.conditions[3].path', messageId: 'noPath', data: { state: 'missing' }, severity: 'warning' },
      ],
    },
  ],
});
