import { RuleTester } from '@platlint/core/testing';
import rule from './cel-schema.js';
import { policy } from './fixtures.js';

RuleTester.run(rule, {
  valid: [
    { name: 'labels and namespace of the matched kind', yaml: policy({ conditions: "    - {name: labelled, expression: 'object.metadata.labels[\"app\"] == \"web\" && object.metadata.namespace != \"kube-system\"'}" }) },
    { name: 'a broad match leaves object dynamic', yaml: policy({ resources: '["*"]', conditions: "    - {name: any, expression: 'object.spec.whatever == 1'}" }) },
    { name: 'what does not compile at all is admission/cel\'s finding only', yaml: policy({ conditions: "    - {name: broken, expression: 'object.spec.replicaz >'}" }) },
  ],
  invalid: [
    {
      name: 'unknown field of the matched kind',
      yaml: policy({ conditions: "    - {name: typo, expression: 'object.spec.replicaz > 1'}" }),
      errors: [{ path: 'spec.matchConditions[0].expression', severity: 'warning', message: 'no such key "replicaz" on Object.spec', line: 9, column: 45 }],
    },
    {
      name: 'an operator that does not fit the field type only the schema tells',
      yaml: policy({ conditions: "    - {name: not-int, expression: 'object.metadata.name == 1'}" }),
      errors: [{ path: 'spec.matchConditions[0].expression', message: 'no such overload: string == int' }],
    },
    {
      name: 'a wrong field type in a block scalar apply configuration',
      yaml: policy({ mutations: '    - patchType: ApplyConfiguration\n      applyConfiguration:\n        expression: |\n          Object{\n            spec: Object.spec{replicas: "two"}\n          }' }),
      errors: [{ path: 'spec.mutations[0].applyConfiguration.expression', message: 'field "replicas" of Object.spec: expected int, got string', line: 13, column: 41 }],
    },
    {
      name: 'a variable type carried to a mutation',
      yaml: policy({
        variables: "    - {name: x, expression: '\"text\"'}",
        mutations: "    - patchType: ApplyConfiguration\n      applyConfiguration: {expression: 'Object{spec: Object.spec{replicas: variables.x}}'}",
      }),
      errors: [{ path: 'spec.mutations[0].applyConfiguration.expression', message: 'field "replicas" of Object.spec: expected int, got string' }],
    },
    {
      name: 'an estimated cost over the budget is advice (the server enforces the budget as it runs)',
      yaml: policy({ mutations: "    - patchType: ApplyConfiguration\n      applyConfiguration: {expression: 'Object{spec: Object.spec{replicas: object.spec.template.spec.containers.map(a, object.spec.template.spec.containers.map(b, object.spec.template.spec.containers.map(c, object.spec.template.spec.containers.map(d, a.name + b.name + c.name + d.name)))).size()}}'}" }),
      errors: [{ path: 'spec.mutations[0].applyConfiguration.expression', message: /estimated cost \d+ exceeds the per-expression limit/ }],
    },
    {
      name: 'a type error of the dynamic compile that the server does not certainly refuse',
      yaml: policy({ resources: '["*"]', conditions: "    - {name: plus, expression: '1 + \"a\" == 2'}" }),
      errors: [{ path: 'spec.matchConditions[0].expression', severity: 'warning', message: /no such overload/ }],
    },
    {
      name: 'params typed by a known paramKind',
      yaml: policy({ paramKind: '  paramKind: {apiVersion: v1, kind: ConfigMap}\n', conditions: "    - {name: p, expression: 'params.dta.size() > 0'}" }),
      errors: [{ path: 'spec.matchConditions[0].expression', message: 'no such key "dta" on Params' }],
    },
  ],
});
