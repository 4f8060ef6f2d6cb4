import { defineRule } from '@platlint/core';
import { DYNAMIC, WHAT, compileSites, issueMessage, refusedByServer } from './cel-compile.js';
import { POLICY, spanIn } from './shared.js';

export default defineRule({
  meta: {
    id: 'admission/cel',
    description: 'Every CEL expression of a mutating admission policy must compile, with the right result type, as the server compiles it.',
    kinds: [POLICY],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, MutatingAdmissionPolicy (ApplyConfiguration, JSONPatch, CEL variables); upstream (API server validation, MutatingAdmissionPolicy, API server MutatingAdmissionPolicy admission, CEL environment)',
    docs: [
      'Compiles each expression of `matchConditions`, `variables`, `mutations[].applyConfiguration` and',
      '`mutations[].jsonPatch` the way the server does when the policy is stored, and reports syntax',
      'errors, unknown variables and functions, type errors and a wrong result type, at the exact token',
      'inside the YAML string (plain, quoted or block scalar). Result types: ' + Object.values(WHAT).join(', ') + '.',
      '',
      'The server cannot know which kind a request will bring, so it compiles `object`, `oldObject` and',
      '`params` as dynamic values and accepts any `Object.<path>` type name; this rule does the same,',
      'and the server refuses the policy for every finding of it (syntax, unknown variables, calls of',
      'functions no library declares under any arity, empty',
      'expressions, a result type it can tell, the platform\'s compile-time checks of duration and',
      'timestamp literals, format strings and constant regular expressions, and calls of libraries the',
      'configured `release` does not have). Other type errors are admission/cel-schema\'s, as this CEL',
      'implementation may still lack typing the server has. `request`, `namespaceObject` and',
      '`authorizer` are typed; `variables` holds the earlier variables with their types (mutations see',
      'all of them), and is absent from match conditions. The same expressions checked against the',
      'schema of the matched kind (the whole metadata included: spec document C says only `name` and',
      '`generateName`, which is the rule for CRD validation rules) are admission/cel-schema\'s findings.',
      '',
      'The result type must be exactly what the place takes (bool, `Object`, `list(JSONPatch)`): the',
      'server compares the static type, so an expression of type dyn, such as a bare',
      '`object.spec.paused` as a match condition or `params.patches` as a JSON patch, is refused too.',
      'Compare or convert such a value (`object.spec.paused == true`).',
      '',
      'Fails: `applyConfiguration: {expression: \'"spec"\'}` (an apply configuration must be an Object).',
      'Passes: `applyConfiguration: {expression: "Object{spec: Object.spec{replicas: 2}}"}`.',
    ].join('\n'),
  },
  check(context) {
    for (const { site, issues } of compileSites(context, DYNAMIC)) {
      for (const issue of issues.filter(refusedByServer)) context.report({ path: site.path, message: issueMessage(issue, site.place), span: spanIn(context, site.path, issue) });
    }
  },
});
