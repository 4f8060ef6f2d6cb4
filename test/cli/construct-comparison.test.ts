// Apply configurations that compare constructed objects, through the CLI: an environment gets
// the construct types' `==` overloads only for the expressions that may compare
// (packages/cel/src/env/environment.ts, CelEnvironment.#baseFor), in the lint and at admission.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const examples = join(REPO_ROOT, 'examples/admission');

const policy = (name: string, expression: string): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: ${name}}
spec:
  matchConstraints:
    resourceRules:
      - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}
  failurePolicy: Fail
  reinvocationPolicy: Never
  mutations:
    - patchType: ApplyConfiguration
      applyConfiguration:
        expression: '${expression}'
---
apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: ${name}}
spec: {policyName: ${name}}
`;

// With the kind's schema (the lint), construction types are typed by field path: lists, membership
// and dyn compare them field by field, and an Object.spec compares with no Object.
const TYPED =
  'Object.spec{replicas: 1} == Object.spec{replicas: 1} && Object.spec{replicas: 1} in [Object.spec{replicas: 1}] && ' +
  'dyn(Object.spec{replicas: 1}) != dyn(Object.spec{replicas: 2}) ? Object{spec: Object.spec{replicas: 5}} : Object{}';

// At admission, as upstream, constructions are untyped objects (ConstructRegistry.lookup): of
// one name and equal fields, equal, whatever the name's depth.
const UNTYPED =
  '[Object{}] == [Object{}] && Object{} in [Object{}] && dyn(Object{}) == dyn(Object{}) && Object{} != null && ' +
  'Object.spec{replicas: 1} != Object.spec{replicas: 2} && Object.spec{replicas: 1} in [Object.spec{replicas: 1}] && ' +
  '[dyn(Object.spec.strategy{})][0] == Object.spec.strategy{} && !(dyn(Object.spec.strategy{}) in [dyn(Object.spec.selector{})]) ' +
  '? Object{spec: Object.spec{replicas: 5}} : Object{}';

describe('comparing constructed objects (lint, mutate)', () => {
  it('compiles an apply configuration that compares, and one that does not, in the same run', () => {
    const dir = tempDir({
      'plain.yaml': policy('plain', 'Object{spec: Object.spec{replicas: 3}}'),
      'comparing.yaml': policy('comparing', TYPED),
      'wrong.yaml': policy('wrong', 'Object.spec{} == Object{} ? Object{} : Object{}'),
    });
    const lint = runCli(['lint', '--no-color', 'plain.yaml', 'comparing.yaml', 'wrong.yaml'], { cwd: dir });
    expect(lint.stdout).not.toMatch(/(plain|comparing)\.yaml\n/);
    expect(lint.stdout).toContain(
      'wrong.yaml\n  13:22  warning  no such overload: Object.spec == Object  admission/cel-schema\n',
    );
    expect(lint.stdout).toContain('(0 errors, 1 warning, 0 info)');
    expect(lint.status).toBe(0);
  });

  it('evaluates the comparisons field by field when it mutates', () => {
    const state = tempDir({ 'comparing.yaml': policy('comparing', UNTYPED) });
    const mutate = runCli(['mutate', '--state', state, join(examples, 'objects/deployment.yaml')]);
    expect(mutate.stderr).toBe('');
    expect(mutate.status).toBe(0);
    expect((parse(mutate.stdout) as { spec: { replicas: number } }).spec.replicas).toBe(5);
  });
});
