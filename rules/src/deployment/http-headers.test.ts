import { RuleTester } from '@platlint/core/testing';
import { deploymentWithContainer } from './fixtures.js';
import rule from './http-headers.js';

RuleTester.run(rule, {
  valid: [
    {
      yaml: deploymentWithContainer(
        '        readinessProbe: {httpGet: {port: 80, httpHeaders: [{name: Host, value: example.com}, {name: X-Forwarded-Proto, value: https}]}}\n',
      ),
    },
    {
      yaml: deploymentWithContainer(
        '        lifecycle: {preStop: {httpGet: {port: 80, httpHeaders: [{name: Authorization, value: x}]}}}\n',
      ),
    },
  ],
  invalid: [
    {
      yaml: deploymentWithContainer(
        '        lifecycle: {postStart: {httpGet: {port: 80, httpHeaders: [{name: "X_Token", value: x}]}}}\n',
      ),
      errors: [
        {
          path: 'spec.template.spec.containers[0].lifecycle.postStart.httpGet.httpHeaders[0].name',
          messageId: 'badHeaderName',
          data: { name: '"X_Token"' },
        },
      ],
    },
  ],
});
