import { RuleTester } from '@platlint/core/testing';
import rule from './non-resource-url.js';

const schema = (urls: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: FlowSchema
metadata: {name: team-a}
spec:
  priorityLevelConfiguration: {name: workload-low}
  rules:
  - subjects: [{kind: Group, group: {name: team-a}}]
    nonResourceRules: [{verbs: [get], nonResourceURLs: ${urls}}]
`;
const at = (n: number): string => `spec.rules[0].nonResourceRules[0].nonResourceURLs[${n}]`;

RuleTester.run(rule, {
  valid: [
    {
      name: 'paths, a subtree and the root',
      yaml: schema('["/healthz", "/livez/*", "/", "/apis/flowcontrol.apiserver.plat.io"]'),
    },
    { name: 'a lone wildcard', yaml: schema('["*"]') },
  ],
  invalid: [
    {
      name: 'misplaced wildcards',
      yaml: schema('["/healthz*", "/apis/*/v1", "/a/*/*"]'),
      errors: [
        {
          path: at(0),
          messageId: 'badUrl',
          data: { url: '/healthz*', problem: 'may hold "*" only as a final "/*" after a complete path (e.g. "/healthz/*")' },
          line: 8,
          column: 57,
        },
        {
          path: at(1),
          messageId: 'badUrl',
          data: { url: '/apis/*/v1', problem: 'may hold "*" only as a final "/*" after a complete path (e.g. "/healthz/*")' },
        },
        {
          path: at(2),
          messageId: 'badUrl',
          data: { url: '/a/*/*', problem: 'may hold "*" only as a final "/*" after a complete path (e.g. "/healthz/*")' },
        },
      ],
    },
    {
      name: 'malformed paths',
      yaml: schema('["healthz", "", "/x y", "/a//b"]'),
      errors: [
        { path: at(0), messageId: 'badUrl', data: { url: 'healthz', problem: 'must start with "/"' }, fix: '"/healthz"' },
        { path: at(1), messageId: 'badUrl', data: { url: '', problem: 'must not be empty' } },
        { path: at(2), messageId: 'badUrl', data: { url: '/x y', problem: 'must not contain white space' } },
        { path: at(3), messageId: 'badUrl', data: { url: '/a//b', problem: 'must not contain "//"' } },
      ],
    },
  ],
});
