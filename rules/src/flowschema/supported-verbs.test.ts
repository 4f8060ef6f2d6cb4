import { RuleTester } from '@platlint/core/testing';
import rule from './supported-verbs.js';

const schema = (targets: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: FlowSchema
metadata: {name: team-a}
spec:
  priorityLevelConfiguration: {name: workload-low}
  rules:
  - subjects: [{kind: Group, group: {name: team-a}}]
${targets}`;

RuleTester.run(rule, {
  valid: [
    {
      name: 'every known verb',
      yaml: schema(
        '    resourceRules: [{verbs: [get, list, create, update, delete, deletecollection, patch, watch, proxy], apiGroups: [""], resources: [pods], namespaces: ["*"]}]\n',
      ),
    },
    { name: 'the wildcard', yaml: schema('    nonResourceRules: [{verbs: ["*"], nonResourceURLs: ["/healthz"]}]\n') },
  ],
  invalid: [
    {
      name: 'upper case and an HTTP method',
      yaml: schema('    resourceRules: [{verbs: [GET, post], apiGroups: [""], resources: [pods], namespaces: ["*"]}]\n'),
      errors: [
        {
          path: 'spec.rules[0].resourceRules[0].verbs[0]',
          messageId: 'uppercase',
          data: { verb: 'GET', lower: 'get' },
          fix: 'get',
          line: 8,
          column: 30,
        },
        {
          path: 'spec.rules[0].resourceRules[0].verbs[1]',
          messageId: 'unknownVerb',
          data: { verb: 'post', verbs: 'get, list, create, update, delete, deletecollection, patch, watch, proxy' },
        },
      ],
    },
    {
      name: 'in a non-resource rule',
      yaml: schema('    nonResourceRules: [{verbs: [get, Watch], nonResourceURLs: ["/healthz"]}]\n'),
      errors: [
        {
          path: 'spec.rules[0].nonResourceRules[0].verbs[1]',
          messageId: 'uppercase',
          data: { verb: 'Watch', lower: 'watch' },
          fix: 'watch',
        },
      ],
    },
  ],
});
