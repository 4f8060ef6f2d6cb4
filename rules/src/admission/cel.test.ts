import { RuleTester } from '@platlint/core/testing';
import rule from './cel.js';
import { policy } from './fixtures.js';

RuleTester.run(rule, {
  valid: [
    {
      name: 'typed object, params, variables and both patch types',
      yaml: policy({
        paramKind: '  paramKind: {apiVersion: v1, kind: ConfigMap}\n',
        conditions:
          "    - name: create-or-unset\n      expression: 'oldObject == null || !has(object.spec.replicas)'\n    - {name: has-param, expression: '\"min\" in params.data'}",
        variables:
          '    - {name: minimum, expression: \'int(params.data["min"])\'}\n    - {name: doubled, expression: "variables.minimum * 2"}',
        mutations:
          '    - patchType: ApplyConfiguration\n      applyConfiguration:\n        expression: |\n          Object{spec: Object.spec{replicas: variables.doubled}}\n    - patchType: JSONPatch\n      jsonPatch:\n        expression: >-\n          [JSONPatch{op: "add", path: "/metadata/labels/" + jsonpatch.escapeKey("example.com/min"), value: string(variables.minimum)}]',
      }),
    },
    {
      name: 'labels are readable, as the platform types object from the full schema',
      yaml: policy({
        conditions: '    - {name: labelled, expression: \'object.?metadata.labels["app"] == optional.of("web")\'}',
      }),
    },
    {
      name: 'a broad match leaves object dynamic',
      yaml: policy({ resources: '["*"]', conditions: "    - {name: any, expression: 'object.spec.whatever == 1'}" }),
    },
    {
      name: "params without paramKind is another rule's finding",
      yaml: policy({ conditions: "    - {name: p, expression: 'params.x == 1'}" }),
    },
    {
      name: "forward variable references are another rule's finding",
      yaml: policy({ variables: '    - {name: a, expression: "variables.b + 1"}\n    - {name: b, expression: "1"}' }),
    },
    {
      name: 'type errors the server may not make are not refusals (admission/cel-schema reports them)',
      yaml: policy({
        conditions:
          '    - {name: optional, expression: \'object.?metadata.labels["x"] == optional.of("y")\'}\n    - {name: plus, expression: \'1 + "a" == 2\'}',
      }),
    },
    {
      name: 'the whole metadata of the matched kind is readable',
      yaml: policy({
        conditions:
          '    - {name: labelled, expression: \'object.metadata.labels["app"] == "web" && object.metadata.namespace != "kube-system"\'}',
      }),
    },
    {
      name: 'fields the schema lacks compile as the server compiles them (admission/cel-schema reports them)',
      yaml: policy({
        conditions: "    - {name: typo, expression: 'object.spec.replicaz > 1'}",
        mutations:
          '    - patchType: ApplyConfiguration\n      applyConfiguration: {expression: \'Object{spec: Object.spec{replicas: "two", unknown: 1}}\'}',
      }),
    },
  ],
  invalid: [
    {
      name: 'syntax error in a quoted string',
      yaml: policy({ conditions: "    - {name: broken, expression: 'object.spec.replicas >'}" }),
      errors: [
        {
          path: 'spec.matchConditions[0].expression',
          messageId: 'celIssue',
          data: { issue: 'unexpected end of expression' },
          line: 9,
          column: 57,
        },
      ],
    },
    {
      name: 'the platform refuses invalid duration literals at compile time',
      yaml: policy({ conditions: '    - {name: dur, expression: \'duration("5x") > duration("1s")\'}' }),
      errors: [
        {
          path: 'spec.matchConditions[0].expression',
          messageId: 'celIssue',
          data: { issue: 'invalid duration "5x"' },
          line: 9,
          column: 41,
        },
      ],
    },
    {
      name: 'result types the server can tell when it compiles',
      yaml: policy({
        conditions: '    - {name: not-bool, expression: \'"text"\'}',
        mutations:
          "    - patchType: ApplyConfiguration\n      applyConfiguration: {expression: '\"spec\"'}\n    - patchType: JSONPatch\n      jsonPatch: {expression: '[1, 2]'}",
      }),
      errors: [
        {
          path: 'spec.matchConditions[0].expression',
          messageId: 'celIssue',
          data: { issue: 'expression must evaluate to bool but got string' },
        },
        {
          path: 'spec.mutations[0].applyConfiguration.expression',
          messageId: 'celIssue',
          data: { issue: 'expression must evaluate to Object but got string' },
        },
        {
          path: 'spec.mutations[1].jsonPatch.expression',
          messageId: 'celIssue',
          data: { issue: 'expression must evaluate to list(JSONPatch) but got list<int>' },
        },
      ],
    },
    {
      // The server wants exactly bool, Object or list(JSONPatch); with object and params dyn, a bare field is dyn.
      name: 'a result of static type dyn where an exact type is wanted',
      yaml: policy({
        paramKind: '  paramKind: {apiVersion: v1, kind: ConfigMap}\n',
        conditions:
          "    - {name: not-bool-yet, expression: 'object.metadata.name'}\n    - {name: compared, expression: 'object.spec.paused == true'}",
        mutations:
          "    - patchType: JSONPatch\n      jsonPatch: {expression: 'params.patches'}\n    - patchType: ApplyConfiguration\n      applyConfiguration: {expression: 'params.data'}",
      }),
      errors: [
        {
          path: 'spec.matchConditions[0].expression',
          messageId: 'celIssue',
          data: {
            issue:
              'expression must evaluate to bool but got dyn: the server compiles object, oldObject and params as dyn and takes only an expression of type bool; compare the value, e.g. "... == true"',
          },
        },
        {
          path: 'spec.mutations[0].jsonPatch.expression',
          messageId: 'celIssue',
          data: {
            issue:
              'expression must evaluate to list(JSONPatch) but got dyn: the server compiles object, oldObject and params as dyn and takes only an expression of type list(JSONPatch)',
          },
        },
        {
          path: 'spec.mutations[1].applyConfiguration.expression',
          messageId: 'celIssue',
          data: {
            issue:
              'expression must evaluate to Object but got dyn: the server compiles object, oldObject and params as dyn and takes only an expression of type Object',
          },
        },
      ],
    },
    {
      name: 'variables in a match condition, an empty expression',
      yaml: policy({
        conditions: "    - {name: uses-variables, expression: 'variables.x'}",
        variables: "    - {name: x, expression: '\"text\"'}\n    - {name: y, expression: ''}",
      }),
      errors: [
        {
          path: 'spec.matchConditions[0].expression',
          messageId: 'celIssue',
          data: { issue: '"variables" is not available in match conditions; repeat the expression here instead' },
        },
        {
          path: 'spec.variables[1].expression',
          messageId: 'celIssue',
          data: { issue: 'the expression is empty; write a variable (any type)' },
        },
      ],
    },
  ],
});
