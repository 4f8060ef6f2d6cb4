import { RuleTester } from '@platlint/core/testing';
import rule from './cel-schema.js';
import { policy } from './fixtures.js';

RuleTester.run(rule, {
  valid: [
    {
      name: 'labels and namespace of the matched kind',
      yaml: policy({
        conditions:
          '    - {name: labelled, expression: \'object.metadata.labels["app"] == "web" && object.metadata.namespace != "kube-system"\'}',
      }),
    },
    {
      name: 'a broad match leaves object dynamic',
      yaml: policy({ resources: '["*"]', conditions: "    - {name: any, expression: 'object.spec.whatever == 1'}" }),
    },
    {
      name: "what does not compile at all is admission/cel's finding only",
      yaml: policy({ conditions: "    - {name: broken, expression: 'object.spec.replicaz >'}" }),
    },
    {
      // The variable's type is the matched kind's (a type of `object`'s environment): a mutation
      // that reads it through `variables` alone still compiles where that type is known.
      name: "a variable of the matched kind's type, read by a mutation that names no object",
      yaml: policy({
        variables: "    - {name: deployment, expression: 'object'}",
        mutations:
          '    - patchType: JSONPatch\n      jsonPatch: {expression: \'[JSONPatch{op: "add", path: "/spec/x", value: variables.deployment.spec.replicas}]\'}',
      }),
    },
  ],
  invalid: [
    {
      // The only match condition reads a field Deployment lacks: "no such key" on every request.
      name: 'unknown field of the matched kind, certain to fail: an error under the default failurePolicy',
      yaml: policy({ conditions: "    - {name: typo, expression: 'object.spec.replicaz > 1'}" }),
      errors: [
        {
          path: 'spec.matchConditions[0].expression',
          severity: 'error',
          messageId: 'failsAndDenies',
          data: { issue: 'no such key "replicaz" on Object.spec', kinds: '' },
          line: 9,
          column: 45,
        },
      ],
    },
    {
      name: 'unknown field beside another match condition (which may be false and skip the policy): a warning',
      yaml: policy({
        conditions: "    - {name: typo, expression: 'object.spec.replicaz > 1'}\n    - {name: other, expression: 'true'}",
      }),
      errors: [
        {
          path: 'spec.matchConditions[0].expression',
          severity: 'warning',
          messageId: 'schemaIssue',
          data: { issue: 'no such key "replicaz" on Object.spec', kinds: '' },
        },
      ],
    },
    {
      name: 'a type error of every matched kind in a mutation: an error',
      yaml: policy({
        mutations:
          '    - patchType: ApplyConfiguration\n      applyConfiguration: {expression: "Object{spec: Object.spec{replicas: object.spec.replicas + \'x\'}}"}',
      }),
      errors: [
        {
          path: 'spec.mutations[0].applyConfiguration.expression',
          severity: 'error',
          messageId: 'failsAndDenies',
          data: { issue: 'no such overload: int + string', kinds: '' },
        },
      ],
    },
    {
      name: 'the same under failurePolicy Ignore: a warning that says the requests go through unmutated',
      yaml: policy({
        mutations:
          '    - patchType: JSONPatch\n      jsonPatch: {expression: \'[JSONPatch{op: "add", path: "/spec/x", value: object.spec.replicas + "x"}]\'}\n  failurePolicy: Ignore',
      }),
      errors: [
        {
          path: 'spec.mutations[0].jsonPatch.expression',
          severity: 'warning',
          messageId: 'failsAndIgnored',
          data: { issue: 'no such overload: int + string', kinds: '' },
        },
      ],
    },
    {
      name: 'an unknown field in an Object construction of every matched kind: an error',
      yaml: policy({
        resources: '["deployments", "statefulsets"]',
        mutations:
          "    - patchType: ApplyConfiguration\n      applyConfiguration: {expression: 'Object{spec: Object.spec{replicaz: 1}}'}",
      }),
      errors: [
        {
          path: 'spec.mutations[0].applyConfiguration.expression',
          severity: 'error',
          messageId: 'failsAndDenies',
          data: { issue: 'unknown field "replicaz" in Object.spec', kinds: '' },
        },
      ],
    },
    {
      name: 'several matched kinds, one of which type-checks: a warning naming the kind that fails',
      yaml: policy({
        resources: '["deployments", "daemonsets"]',
        mutations:
          "    - patchType: ApplyConfiguration\n      applyConfiguration: {expression: 'Object{spec: Object.spec{replicas: 1}}'}",
      }),
      errors: [
        {
          path: 'spec.mutations[0].applyConfiguration.expression',
          severity: 'warning',
          messageId: 'schemaIssue',
          data: { issue: 'unknown field "replicas" in Object.spec', kinds: ' (when object is a DaemonSet)' },
        },
      ],
    },
    {
      name: 'guarded parts and values through dyn stay warnings',
      yaml: policy({
        mutations: [
          '    - patchType: JSONPatch\n      jsonPatch: {expression: \'[JSONPatch{op: "add", path: "/spec/x", value: has(object.spec.paused) ? object.spec.replicas + "x" : "y"}]\'}',
          '    - patchType: JSONPatch\n      jsonPatch: {expression: \'[JSONPatch{op: "add", path: "/spec/x", value: object.spec.template.spec.containers.map(c, c.nam)}]\'}',
          '    - patchType: JSONPatch\n      jsonPatch: {expression: \'[JSONPatch{op: "add", path: "/spec/x", value: object.spec.paused || object.spec.replicaz > 1}]\'}',
          '    - patchType: JSONPatch\n      jsonPatch: {expression: \'[JSONPatch{op: "add", path: "/spec/x", value: dyn(object.spec.replicas) + "x"}]\'}',
        ].join('\n'),
      }),
      errors: [
        {
          path: 'spec.mutations[0].jsonPatch.expression',
          severity: 'warning',
          messageId: 'schemaIssue',
          data: { issue: 'no such overload: int + string', kinds: '' },
        },
        {
          path: 'spec.mutations[1].jsonPatch.expression',
          severity: 'warning',
          messageId: 'schemaIssue',
          data: { issue: 'no such key "nam" on Object.spec.template.spec.initContainers', kinds: '' },
        },
        {
          path: 'spec.mutations[2].jsonPatch.expression',
          severity: 'warning',
          messageId: 'schemaIssue',
          data: { issue: 'no such key "replicaz" on Object.spec', kinds: '' },
        },
      ],
    },
    {
      name: 'an operator that does not fit the field type only the schema tells',
      yaml: policy({ conditions: "    - {name: not-int, expression: 'object.metadata.name == 1'}" }),
      errors: [
        {
          path: 'spec.matchConditions[0].expression',
          messageId: 'schemaIssue',
          data: { issue: 'no such overload: string == int', kinds: '' },
        },
      ],
    },
    {
      name: 'a wrong field type in a block scalar apply configuration',
      yaml: policy({
        mutations:
          '    - patchType: ApplyConfiguration\n      applyConfiguration:\n        expression: |\n          Object{\n            spec: Object.spec{replicas: "two"}\n          }',
      }),
      errors: [
        {
          path: 'spec.mutations[0].applyConfiguration.expression',
          messageId: 'schemaIssue',
          data: { issue: 'field "replicas" of Object.spec: expected int, got string', kinds: '' },
          line: 13,
          column: 41,
        },
      ],
    },
    {
      name: 'a variable type carried to a mutation',
      yaml: policy({
        variables: '    - {name: x, expression: \'"text"\'}',
        mutations:
          "    - patchType: ApplyConfiguration\n      applyConfiguration: {expression: 'Object{spec: Object.spec{replicas: variables.x}}'}",
      }),
      errors: [
        {
          path: 'spec.mutations[0].applyConfiguration.expression',
          messageId: 'schemaIssue',
          data: { issue: 'field "replicas" of Object.spec: expected int, got string', kinds: '' },
        },
      ],
    },
    {
      // The mutation names no `object`, only `variables` (cel-compile's namedTypings): the variable
      // it reads still has the matched kind's type, and the kind's issue is found through it.
      name: "a variable typed by the matched kind, read by a mutation that names no object: the kind's error",
      yaml: policy({
        variables: "    - {name: who, expression: 'object.metadata.name'}",
        mutations:
          '    - patchType: JSONPatch\n      jsonPatch: {expression: \'[JSONPatch{op: "add", path: "/spec/x", value: variables.who + 1}]\'}',
      }),
      errors: [
        {
          path: 'spec.mutations[0].jsonPatch.expression',
          severity: 'error',
          messageId: 'failsAndDenies',
          data: { issue: 'no such overload: string + int', kinds: '' },
        },
      ],
    },
    {
      name: 'an estimated cost over the budget is advice (the server enforces the budget as it runs)',
      yaml: policy({
        mutations:
          "    - patchType: ApplyConfiguration\n      applyConfiguration: {expression: 'Object{spec: Object.spec{replicas: object.spec.template.spec.containers.map(a, object.spec.template.spec.containers.map(b, object.spec.template.spec.containers.map(c, object.spec.template.spec.containers.map(d, a.name + b.name + c.name + d.name)))).size()}}'}",
      }),
      errors: [
        {
          path: 'spec.mutations[0].applyConfiguration.expression',
          messageId: 'schemaIssue',
          data: { issue: 'estimated cost 912006006006114 exceeds the per-expression limit of 10000000', kinds: '' },
        },
      ],
    },
    {
      name: 'a type error of the dynamic compile that the server does not certainly refuse',
      yaml: policy({ resources: '["*"]', conditions: '    - {name: plus, expression: \'1 + "a" == 2\'}' }),
      errors: [
        {
          path: 'spec.matchConditions[0].expression',
          severity: 'warning',
          messageId: 'schemaIssue',
          data: { issue: 'no such overload: int + string', kinds: '' },
        },
      ],
    },
    {
      name: 'params typed by a known paramKind',
      yaml: policy({
        paramKind: '  paramKind: {apiVersion: v1, kind: ConfigMap}\n',
        conditions: "    - {name: p, expression: 'params.dta.size() > 0'}",
      }),
      // A binding may find no parameter (parameterNotFoundAction Allow skips the policy): advice only.
      errors: [
        {
          path: 'spec.matchConditions[0].expression',
          severity: 'warning',
          messageId: 'schemaIssue',
          data: { issue: 'no such key "dta" on Params', kinds: '' },
        },
      ],
    },
  ],
});
