import { cpSync, readFileSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const examples = join(REPO_ROOT, 'examples/admission');

describe('platlint mutate', () => {
  it('prints the object after the policies of the state', () => {
    const result = runCli([
      'mutate',
      '--state',
      join(examples, 'state'),
      join(examples, 'objects/deployment.yaml'),
      '--user',
      'alice',
    ]);
    expect(result.status).toBe(0);
    const object = parse(result.stdout) as { metadata: { labels: Record<string, string>; annotations: Record<string, string> } };
    expect(object.metadata.labels).toEqual({ team: 'checkout' });
    expect(object.metadata.annotations).toEqual({ 'plat.io/owner': 'alice' });
  });

  it('prints a unified diff with --diff, and JSON with --format json', () => {
    const diff = runCli([
      'mutate',
      '--state',
      join(examples, 'state'),
      join(examples, 'objects/deployment.yaml'),
      '--user',
      'bob',
      '--diff',
    ]);
    expect(diff.stdout).toContain('+    plat.io/owner: bob');
    expect(diff.stdout).toMatch(/^--- Deployment\/web \(before\)/m);
    const json = runCli([
      'mutate',
      '--state',
      join(examples, 'state'),
      join(examples, 'objects/deployment.yaml'),
      '--format',
      'json',
    ]);
    expect((JSON.parse(json.stdout) as { metadata: { labels: unknown } }).metadata.labels).toEqual({ team: 'checkout' });
  });

  it('says which directory links of the state it did not follow, and applies the state once', () => {
    const dir = tempDir({});
    cpSync(join(examples, 'state'), join(dir, 'state'), { recursive: true });
    symlinkSync('..', join(dir, 'state', 'up'));
    const result = runCli([
      'mutate',
      '--state',
      join(dir, 'state'),
      join(examples, 'objects/deployment.yaml'),
      '--user',
      'alice',
    ]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(
      `platlint: not following ${join(dir, 'state', 'up')}: it leads back to ${realpathSync(dir)}, which holds it\n`,
    );
    expect((parse(result.stdout) as { metadata: { labels: unknown } }).metadata.labels).toEqual({ team: 'checkout' });
  });

  it('refuses a state with an object the API server would refuse, applying nothing (exit 2)', () => {
    const dir = tempDir({
      'broken.yaml':
        'apiVersion: admissionregistration.plat.io/v1\nkind: MutatingAdmissionPolicy\nmetadata: {name: broken}\nspec: {mutations: []}\n',
    });
    const result = runCli([
      'mutate',
      '--state',
      join(examples, 'state'),
      '--state',
      dir,
      join(examples, 'objects/deployment.yaml'),
    ]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/broken\.yaml:\d+:\d+: refused MutatingAdmissionPolicy\/broken/);
    expect(result.stderr).toContain('nothing was applied');
    expect(result.stdout).toBe('');
  });

  it('refuses a policy and a binding without spec in lint and in the state, as the server refuses an empty spec', () => {
    // `spec:` with nothing (a null spec), and no spec at all: what a truncated file gives.
    const text =
      'apiVersion: admissionregistration.plat.io/v1\nkind: MutatingAdmissionPolicy\nmetadata: {name: p1}\nspec:\n---\napiVersion: admissionregistration.plat.io/v1\nkind: MutatingAdmissionPolicyBinding\nmetadata: {name: b1}\n';
    const dir = tempDir({ 'state/nospec.yaml': text });
    const lint = runCli(['lint', '--no-color', join(dir, 'state/nospec.yaml')]);
    expect(lint.status).toBe(1);
    const errors = lint.stdout.split('\n').filter((l) => /^\s*\d+:\d+\s+error/.test(l));
    expect(errors.map((l) => l.trim().replace(/\s+/g, ' '))).toEqual([
      '4:1 error missing required field "spec": the server needs its matchConstraints schema/required',
      '4:1 error missing required field "spec": the server needs its mutations schema/required',
      '4:1 error missing required field "spec": the server needs its reinvocationPolicy schema/required',
      '6:1 error missing required field "spec": the server needs its policyName schema/required',
    ]);
    const mutate = runCli(['mutate', '--state', join(dir, 'state'), join(examples, 'objects/deployment.yaml')]);
    expect(mutate.status).toBe(2);
    expect(mutate.stderr).toMatch(/nospec\.yaml:4:1: refused MutatingAdmissionPolicy\/p1/);
    expect(mutate.stderr).toMatch(/nospec\.yaml:6:1: refused MutatingAdmissionPolicyBinding\/b1/);
    expect(mutate.stdout).toBe('');
  });

  it('keeps a policy that only draws advice, printing the advice as a warning', () => {
    const typo = `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: typo}
spec:
  matchConstraints:
    resourceRules:
      - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}
  matchConditions:
    - {name: never, expression: 'object.spec.replicaz == 1'}
  failurePolicy: Ignore
  reinvocationPolicy: Never
  mutations:
    - patchType: ApplyConfiguration
      applyConfiguration: {expression: 'Object{spec: Object.spec{replicas: 5}}'}
`;
    const dir = tempDir({ 'typo.yaml': typo });
    const result = runCli([
      'mutate',
      '--state',
      join(examples, 'state'),
      '--state',
      dir,
      join(examples, 'objects/deployment.yaml'),
    ]);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(
      /typo\.yaml:9:\d+: warning MutatingAdmissionPolicy\/typo: .*replicaz.* \(admission\/cel-schema\)/,
    );
    expect(result.stdout).toContain('team: checkout');
  });

  it('lints a mutation certain to fail on every matched kind as an error, yet loads its policy and denies with it', () => {
    const certain = (failurePolicy: string): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: certain}
spec:
  matchConstraints:
    resourceRules:
      - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}
  failurePolicy: ${failurePolicy}
  reinvocationPolicy: Never
  mutations:
    - patchType: ApplyConfiguration
      applyConfiguration: {expression: "Object{spec: Object.spec{replicas: object.spec.replicas + 'x'}}"}
`;
    const dir = tempDir({ 'fail.yaml': certain('Fail'), 'ignore.yaml': certain('Ignore') });
    const lint = runCli(['lint', 'fail.yaml', 'ignore.yaml'], { cwd: dir });
    expect(lint.status).toBe(1);
    expect(lint.stdout).toContain(
      'fail.yaml\n  12:76  error  no such overload: int + string: it fails on every request the policy matches, and failurePolicy Fail denies each of them  admission/cel-schema\n',
    );
    expect(lint.stdout).toContain(
      "ignore.yaml\n  12:76  warning  no such overload: int + string: it fails on every request the policy matches, and with failurePolicy Ignore each is admitted without this policy's mutations  admission/cel-schema\n",
    );
    expect(lint.stdout).toContain('(1 error, 1 warning, 0 info)');
    // The server stores the policy (the finding is advice): the state loads it, and the request is denied.
    const binding =
      '---\napiVersion: admissionregistration.plat.io/v1\nkind: MutatingAdmissionPolicyBinding\nmetadata: {name: certain}\nspec: {policyName: certain}\n';
    const state = tempDir({ 'fail.yaml': certain('Fail') + binding });
    const mutate = runCli([
      'mutate',
      '--state',
      join(examples, 'state'),
      '--state',
      state,
      join(examples, 'objects/deployment.yaml'),
    ]);
    expect(mutate.stderr).not.toContain('refused MutatingAdmissionPolicy/certain');
    // cel-go's words for int + string at run time (common/types/err.go MaybeNoSuchOverloadErr).
    expect(mutate.stderr).toMatch(
      /^denied: policy 'certain' with binding 'certain' denied request: expression '.*' resulted in error: no such overload$/m,
    );
    expect(mutate.status).toBe(1);
    expect(mutate.stdout).toBe('');
  });

  it('words a run-time CEL error as the platform does (cel-go common/types/map.go baseMap.Get: "no such key: %v")', () => {
    // The example owner annotation reads request.userInfo.username, absent without --user; its failurePolicy is Ignore.
    const result = runCli(['mutate', '--state', join(examples, 'state'), join(examples, 'objects/deployment.yaml')]);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(
      /^warning: policy 'owner-annotation' with binding 'owner-annotation' denied request: expression '[^]*' resulted in error: no such key: username \(ignored: failurePolicy Ignore\)$/m,
    );
  });

  it('rejects usage errors with exit 2', () => {
    expect(runCli(['mutate', join(examples, 'objects/deployment.yaml')]).status).toBe(2);
    expect(
      runCli(['mutate', '--state', join(examples, 'state'), '--operation', 'DELETE', join(examples, 'objects/deployment.yaml')])
        .status,
    ).toBe(2);
  });
});

describe('platlint test', () => {
  it('passes the example test cases', () => {
    const result = runCli(['test', join(examples, 'tests')]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^PASS {2}.*team-and-owner\.yaml: labels a deployment/m);
    expect(result.stdout).toMatch(/^PASS {2}.*state-policies\.yaml: the example state labels and annotates a deployment/m);
    expect(result.stdout).toContain('2 passed, 0 failed');
  });

  it('validates a case strictly: an unknown key gets a did-you-mean, and expect is required', () => {
    const original = readFileSync(join(examples, 'tests/team-and-owner.yaml'), 'utf8');
    const dir = tempDir({
      'misspelt.yaml': original.replace(/^expect:/m, 'expected:'),
      'no-expect.yaml': original.slice(0, original.search(/^expect:/m)),
    });
    const result = runCli(['test', dir]);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(
      /FAIL {2}.*misspelt\.yaml[\s\S]*unknown key "expected" in the test case; did you mean "expect"\?/,
    );
    expect(result.stdout).toMatch(/FAIL {2}.*no-expect\.yaml[\s\S]*"expect" is required/);
    expect(result.stdout).toContain('0 passed, 2 failed');
  });

  it('refuses a misspelt key inside request.userInfo and request.kind, with its line and column', () => {
    const original = readFileSync(join(examples, 'tests/team-and-owner.yaml'), 'utf8');
    const misspelt = original
      .replace('userInfo: {username: alice', 'userInfo: {usernme: alice')
      .replace('kind: {group: apps, version: v1, kind: Deployment}', 'kind: {group: apps, version: v1, knd: Deployment}');
    expect(misspelt).not.toBe(original);
    const lineOf = (needle: string) => misspelt.split('\n').findIndex((l) => l.includes(needle)) + 1;
    const dir = tempDir({ 'nested.yaml': misspelt });
    const result = runCli(['test', dir], { env: { NO_COLOR: '1' } });
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^FAIL {2}.*nested\.yaml/m);
    expect(result.stdout).toMatch(
      new RegExp(`${lineOf('knd: Deployment')}:\\d+: unknown key "knd" in "request\\.kind"; did you mean "kind"\\?`),
    );
    expect(result.stdout).toMatch(
      new RegExp(`${lineOf('usernme')}:\\d+: unknown key "usernme" in "request\\.userInfo"; did you mean "username"\\?`),
    );
    expect(result.stdout).toContain('0 passed, 1 failed');
  });

  it('writes JUnit XML for CI with --format junit', () => {
    const original = readFileSync(join(examples, 'tests/team-and-owner.yaml'), 'utf8');
    const dir = tempDir({
      'good.yaml': original,
      'wrong.yaml': original.replace('labels: {team: checkout}}\n    spec:', 'labels: {team: payments}}\n    spec:'),
    });
    const result = runCli(['test', dir, '--format', 'junit']);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="platlint test" tests="2" failures="1">/,
    );
    expect(result.stdout).toContain(
      `<testcase name="labels a deployment with its namespace&apos;s team and its creator" classname="${join(dir, 'good.yaml')}"></testcase>`,
    );
    expect(result.stdout).toMatch(
      /<failure message="the object differs from the expected one:">[\s\S]*team: payments[\s\S]*<\/failure>/,
    );
  });

  it('fails a case whose expectation is wrong, with a diff, and speaks JSON', () => {
    const original = readFileSync(join(examples, 'tests/team-and-owner.yaml'), 'utf8');
    const dir = tempDir({
      'wrong.yaml': original.replace('labels: {team: checkout}}\n    spec:', 'labels: {team: payments}}\n    spec:'),
    });
    const result = runCli(['test', dir]);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^FAIL/m);
    expect(result.stdout).toMatch(/-\s+team: payments/);
    expect(result.stdout).toMatch(/\+\s+team: checkout/);
    const json = JSON.parse(runCli(['test', dir, '--format', 'json']).stdout) as {
      cases: { passed: boolean; name: string }[];
      passed: number;
      failed: number;
    };
    expect(json).toMatchObject({ passed: 0, failed: 1 });
    expect(json.cases[0]?.name).toBe("labels a deployment with its namespace's team and its creator");
  });

  it("shows advice on the case's policies as warnings beside the result, and still runs them", () => {
    const original = readFileSync(join(examples, 'tests/team-and-owner.yaml'), 'utf8');
    // A label read the schema does not have: the server stores it; at run time it fails, and Fail denies.
    const dir = tempDir({
      'advice.yaml': original
        .replace('namespaceObject.metadata.labels["team"]', 'object.spec.teamz')
        .replace(
          'expect:\n  allowed: true',
          "expect:\n  allowed: false\n  errorContains: \"policy 'team-label' with binding 'team-label'\"",
        ),
    });
    const result = runCli(['test', dir]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^PASS/m);
    expect(result.stdout).toMatch(/warning: MutatingAdmissionPolicy\/team-label: .*teamz.* \[admission\/cel-schema\]/);
  });
});

// A policy mutating a custom resource, offline: with the CRD its list-map merges by key; without
// it the request is refused as the API server refuses it (503, naming the kind), whatever the
// failure policy, and never merged without a schema (which lost the items the policy did not name).
describe('custom resources offline (mutate, test)', () => {
  const POLICY = `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: parts}
spec:
  matchConstraints:
    resourceRules: [{apiGroups: [example.plat.io], apiVersions: [v1], operations: [CREATE], resources: [widgets]}]
  failurePolicy: Ignore
  reinvocationPolicy: Never
  mutations:
    - patchType: ApplyConfiguration
      applyConfiguration:
        expression: 'Object{spec: Object.spec{parts: [Object.spec.parts{id: "added", size: 3}]}}'
---
apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: parts}
spec: {policyName: parts}
`;
  const CRD = `apiVersion: apiextensions.plat.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.plat.io}
spec:
  group: example.plat.io
  scope: Namespaced
  names: {kind: Widget, plural: widgets}
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                parts:
                  type: array
                  x-kubernetes-list-type: map
                  x-kubernetes-list-map-keys: [id]
                  items: {type: object, required: [id], properties: {id: {type: string}, size: {type: integer}}}
`;
  const WIDGET = `apiVersion: example.plat.io/v1
kind: Widget
metadata: {name: one, namespace: shop}
spec:
  parts: [{id: a, size: 1}, {id: b, size: 2}]
`;

  it('platlint mutate merges an item into a list-map by the key of the CRD in the state, keeping the others', () => {
    const dir = tempDir({ 'state/policy.yaml': POLICY, 'state/crd.yaml': CRD, 'widget.yaml': WIDGET });
    const result = runCli(['mutate', '--state', join(dir, 'state'), join(dir, 'widget.yaml')]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect((parse(result.stdout) as { spec: { parts: unknown } }).spec.parts).toEqual([
      { id: 'a', size: 1 },
      { id: 'b', size: 2 },
      { id: 'added', size: 3 },
    ]);
  });

  it('platlint mutate refuses the mutation without the CRD, under failurePolicy Ignore too, and prints no object', () => {
    const dir = tempDir({ 'state/policy.yaml': POLICY, 'widget.yaml': WIDGET });
    const result = runCli(['mutate', '--state', join(dir, 'state'), join(dir, 'widget.yaml')]);
    expect(POLICY).toContain('failurePolicy: Ignore');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('denied: Resource kind example.plat.io/v1, Kind=Widget not found');
    expect(result.stderr).not.toContain('merge without');
  });

  it('platlint test sees the same refusal without the CRD, and the merge with it', () => {
    const indent = (text: string) =>
      text
        .trimEnd()
        .split('\n')
        .map((l) => `      ${l}`)
        .join('\n');
    const testCase = (name: string, params: string, expect: string) => `name: ${name}
policies: [../policy.yaml]
params: [${params}]
request:
  operation: CREATE
  kind: {group: example.plat.io, version: v1, kind: Widget}
  resource: {group: example.plat.io, version: v1, resource: widgets}
  namespace: shop
  name: one
  object:
${indent(WIDGET)}
expect:
${expect}
`;
    const dir = tempDir({
      'policy.yaml': POLICY,
      'crd.yaml': CRD,
      'cases/with-crd.yaml': testCase(
        'merged by key',
        '../crd.yaml',
        '  allowed: true\n  object:\n' + indent(WIDGET.replace('{id: b, size: 2}]', '{id: b, size: 2}, {id: added, size: 3}]')),
      ),
      'cases/without-crd.yaml': testCase(
        'refused without the CRD',
        '',
        '  allowed: false\n  errorContains: "Resource kind example.plat.io/v1, Kind=Widget not found"',
      ),
    });
    const result = runCli(['test', join(dir, 'cases')]);
    expect(result.stdout).toMatch(/^PASS {2}.*with-crd\.yaml: merged by key/m);
    expect(result.stdout).toMatch(/^PASS {2}.*without-crd\.yaml: refused without the CRD/m);
    expect(result.status).toBe(0);
  });
});
