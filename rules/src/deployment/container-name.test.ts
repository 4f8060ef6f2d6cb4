import { RuleTester } from '@platlint/core/testing';
import rule from './container-name.js';

const deployment = (pod: string): string => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
${pod}`;

RuleTester.run(rule, {
  valid: [
    {
      name: 'distinct DNS labels',
      yaml: deployment(
        '      initContainers: [{name: migrate, image: shop/migrate:1}]\n      containers:\n      - {name: api-server, image: shop/api:1}\n      - {name: sidecar-2, image: shop/proxy:1}\n',
      ),
    },
  ],
  invalid: [
    {
      name: 'uppercase: lowercased by the fix',
      yaml: deployment('      containers:\n      - {name: Api-Server, image: shop/api:1}\n'),
      errors: [
        {
          path: 'spec.template.spec.containers[0].name',
          messageId: 'badName',
          data: { name: 'Api-Server', problem: 'has uppercase letters; a DNS label is lowercase' },
          line: 10,
          column: 16,
          fix: 'api-server',
        },
      ],
    },
    {
      name: 'no fix when the lowercase name is taken',
      yaml: deployment('      containers:\n      - {name: API, image: shop/api:1}\n      - {name: api, image: shop/api:1}\n'),
      errors: [
        {
          path: 'spec.template.spec.containers[0].name',
          messageId: 'badName',
          data: { name: 'API', problem: 'has uppercase letters; a DNS label is lowercase' },
        },
      ],
    },
    {
      name: 'underscore, and an empty name',
      yaml: deployment(
        '      containers:\n      - {name: api_server, image: shop/api:1}\n      - {name: "", image: shop/api:1}\n',
      ),
      errors: [
        {
          path: 'spec.template.spec.containers[0].name',
          messageId: 'badName',
          data: {
            name: 'api_server',
            problem: "is not a DNS label: use lowercase letters, digits and '-', starting and ending with a letter or digit",
          },
        },
        { path: 'spec.template.spec.containers[1].name', messageId: 'badName', data: { name: '', problem: 'must not be empty' } },
      ],
    },
    {
      name: 'duplicates within containers and across init containers',
      yaml: deployment(
        '      initContainers: [{name: api, image: shop/migrate:1}]\n      containers:\n      - {name: api, image: shop/api:1}\n      - {name: api, image: shop/api:2}\n',
      ),
      errors: [
        {
          path: 'spec.template.spec.initContainers[0].name',
          messageId: 'duplicateName',
          data: { name: 'api', first: 'containers[0]' },
          line: 9,
        },
        {
          path: 'spec.template.spec.containers[1].name',
          messageId: 'duplicateName',
          data: { name: 'api', first: 'containers[0]' },
          line: 12,
        },
      ],
    },
  ],
});
