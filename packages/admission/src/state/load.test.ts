import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { admit } from '../admit.js';
import { mutateObjects } from '../testing/mutate.js';
import { binding, deployment, deploymentRequest, policy } from '../test-support/objects.js';
import { at } from '../test-support/read.js';
import { ObjectChecker } from '../cluster/checked-objects.js';
import { loadState, stateFromObjects } from './load.js';

const INCREMENT = {
  patchType: 'ApplyConfiguration' as const,
  expression: 'Object{spec: Object.spec{replicas: object.spec.replicas + 1}}',
};

const stateDirs: string[] = [];
afterAll(() => stateDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function stateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-state-'));
  stateDirs.push(dir);
  mkdirSync(join(dir, 'nested'));
  writeFileSync(
    join(dir, 'policies.yaml'),
    [policy({ name: 'good', mutations: [INCREMENT] }), binding('good-b', 'good')].map((o) => stringify(o)).join('---\n'),
  );
  // reinvocationPolicy is required and this value is not one of the two allowed.
  const broken = policy({ name: 'broken', mutations: [INCREMENT] });
  (broken.spec as Record<string, unknown>).reinvocationPolicy = 'Sometimes';
  writeFileSync(join(dir, 'nested', 'broken.yaml'), `${stringify(broken)}---\n${stringify(binding('broken-b', 'broken'))}`);
  writeFileSync(
    join(dir, 'nested', 'params.yml'),
    stringify({
      apiVersion: 'v1',
      kind: 'ConfigMapList',
      items: [
        { metadata: { name: 'a', namespace: 'default' }, data: { k: 'v' } },
        { metadata: { name: 'b', namespace: 'default' }, data: 'not a map' },
      ],
    }),
  );
  writeFileSync(
    join(dir, 'nested', 'ns.yaml'),
    stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default', labels: { env: 'dev' } } }),
  );
  writeFileSync(join(dir, 'bad.yaml'), 'kind: [unclosed\n');
  writeFileSync(join(dir, 'README.md'), '# not a manifest');
  return dir;
}

describe('loadState', () => {
  it('reports and skips invalid objects while the rest keep working', () => {
    const state = loadState([stateDir()]);
    expect(state.policies.map((p) => p.name)).toEqual(['good']);
    expect(state.bindings.map((b) => b.name)).toEqual(['broken-b', 'good-b']);
    expect(state.params.map((p) => at(p, 'metadata', 'name'))).toEqual(['a']);
    expect([...state.namespaces.keys()]).toEqual(['default']);
    const byFile = (suffix: string) => state.problems.filter((p) => p.file.endsWith(suffix));
    expect(byFile('broken.yaml').map((p) => p.object)).toContain('MutatingAdmissionPolicy/broken');
    expect(byFile('params.yml').map((p) => p.object)).toContain('ConfigMap/b');
    expect(byFile('bad.yaml').length).toBeGreaterThan(0);
    expect(Object.isFrozen(state.policies[0]?.object)).toBe(true);
    // The good policy still runs; the broken binding has no policy and does nothing.
    expect(
      at(
        admit(state, {
          kind: { group: 'apps', version: 'v1', kind: 'Deployment' },
          resource: { group: 'apps', version: 'v1', resource: 'deployments' },
          namespace: 'default',
          operation: 'CREATE',
          object: deployment(),
        }).object,
        'spec',
        'replicas',
      ),
    ).toBe(3);
  });
});

describe('loadState keeps what the server would store', () => {
  it('keeps objects with advice only (CEL against the schema, a binding without its policy) and says why', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-state-'));
    stateDirs.push(dir);
    // The server compiles with dynamic types and stores this; the field is not in the schema.
    const typo = policy({
      name: 'typo',
      matchConditions: [{ name: 'c', expression: 'object.spec.replicaz == 1' }],
      mutations: [INCREMENT],
    });
    writeFileSync(
      join(dir, 'p.yaml'),
      [typo, binding('typo-b', 'typo'), binding('orphan-b', 'absent')].map((o) => stringify(o)).join('---\n'),
    );
    const state = loadState([dir]);
    expect(state.problems).toEqual([]);
    expect(state.policies.map((p) => p.name)).toEqual(['typo']);
    expect(state.bindings.map((b) => b.name)).toEqual(['orphan-b', 'typo-b']);
    expect(state.warnings.map((w) => [w.object, w.ruleId])).toEqual([
      ['MutatingAdmissionPolicy/typo', 'admission/cel-schema'],
      ['MutatingAdmissionPolicyBinding/orphan-b', 'admission/binding-policy-exists'],
    ]);
    // Certain to fail on every matched request (an error of admission/cel-schema), yet advice: the server stores the policy.
    expect(state.warnings[0]).toMatchObject({
      file: join(dir, 'p.yaml'),
      message:
        'no such key "replicaz" on Object.spec: it fails on every request the policy matches, and failurePolicy Fail denies each of them',
    });
  });

  it('skips YAML that is no manifest (neither apiVersion nor kind)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-state-'));
    stateDirs.push(dir);
    writeFileSync(join(dir, 'kustomization.yaml'), 'resources: [policies.yaml]\n');
    writeFileSync(
      join(dir, 'policies.yaml'),
      [policy({ name: 'good', mutations: [INCREMENT] }), binding('good-b', 'good')].map((o) => stringify(o)).join('---\n'),
    );
    writeFileSync(join(dir, 'half.yaml'), 'kind: ConfigMap\nmetadata: {name: x}\n');
    const state = loadState([dir]);
    expect(state.policies.map((p) => p.name)).toEqual(['good']);
    expect(state.warnings.filter((w) => w.file.endsWith('kustomization.yaml'))).toEqual([]);
    // One of the two is still a broken manifest.
    expect(state.problems.map((p) => [p.file.endsWith('half.yaml'), p.ruleId])).toEqual([[true, 'document/missing-kind']]);
  });

  it('refuses what the server refuses: a CEL expression that does not compile, a paramRef without parameterNotFoundAction', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-state-'));
    stateDirs.push(dir);
    const broken = policy({
      name: 'broken',
      matchConditions: [{ name: 'c', expression: 'object.spec.replicas >' }],
      mutations: [INCREMENT],
    });
    const b = binding('b', 'broken');
    (b.spec as Record<string, unknown>).paramRef = { name: 'x' };
    writeFileSync(join(dir, 'p.yaml'), [broken, b].map((o) => stringify(o)).join('---\n'));
    const state = loadState([dir]);
    expect(state.problems.map((p) => [p.object, p.ruleId])).toEqual([
      ['MutatingAdmissionPolicy/broken', 'admission/cel'],
      ['MutatingAdmissionPolicyBinding/b', 'admission/param-ref'],
    ]);
    expect(state.policies).toEqual([]);
  });

  it('refuses a policy or binding without spec, as one with an empty spec (ValidateMutatingAdmissionPolicy, ValidateMutatingAdmissionPolicyBinding)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-state-'));
    stateDirs.push(dir);
    // `spec:` with nothing is a null spec; the binding has none at all.
    writeFileSync(
      join(dir, 'p.yaml'),
      'apiVersion: admissionregistration.plat.io/v1\nkind: MutatingAdmissionPolicy\nmetadata: {name: p1}\nspec:\n---\napiVersion: admissionregistration.plat.io/v1\nkind: MutatingAdmissionPolicyBinding\nmetadata: {name: b1}\n',
    );
    const state = loadState([dir]);
    expect(state.policies).toEqual([]);
    expect(state.bindings).toEqual([]);
    expect(state.problems.map((p) => [p.object, p.ruleId, p.message])).toEqual([
      ['MutatingAdmissionPolicy/p1', 'schema/required', 'missing required field "spec": the server needs its matchConstraints'],
      ['MutatingAdmissionPolicy/p1', 'schema/required', 'missing required field "spec": the server needs its mutations'],
      ['MutatingAdmissionPolicy/p1', 'schema/required', 'missing required field "spec": the server needs its reinvocationPolicy'],
      ['MutatingAdmissionPolicyBinding/b1', 'schema/required', 'missing required field "spec": the server needs its policyName'],
    ]);
    // Objects held in memory (a test case's) are judged alike.
    const inMemory = stateFromObjects(
      [{ apiVersion: 'admissionregistration.plat.io/v1', kind: 'MutatingAdmissionPolicyBinding', metadata: { name: 'b2' } }],
      'case',
    );
    expect(inMemory.bindings).toEqual([]);
    expect(inMemory.problems.map((p) => p.message)).toEqual(['missing required field "spec": the server needs its policyName']);
  });

  it('refuses a mutation whose static result type is dyn, as the server does when it stores the policy', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-state-'));
    stateDirs.push(dir);
    const dynamic = policy({ name: 'dynamic', mutations: [{ patchType: 'ApplyConfiguration', expression: 'object.spec' }] });
    writeFileSync(join(dir, 'p.yaml'), [dynamic, binding('b', 'dynamic')].map((o) => stringify(o)).join('---\n'));
    const state = loadState([dir]);
    expect(state.problems.map((p) => [p.object, p.ruleId, p.message])).toEqual([
      [
        'MutatingAdmissionPolicy/dynamic',
        'admission/cel',
        expect.stringMatching(/^expression must evaluate to Object but got dyn/),
      ],
    ]);
  });
});

// Strings YAML 1.1 would read as other types, and keys it would read as booleans: a trip
// through YAML text would turn them into true, 5 and 1000.
const TRICKY = { y: 'yes', yes: 'on', bin: '0b101', exp: '1e3' };

describe('objects held in memory are loaded as the values they are', () => {
  const copyLabels = policy({
    name: 'labels',
    paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
    mutations: [{ patchType: 'ApplyConfiguration', expression: 'Object{metadata: Object.metadata{labels: params.data}}' }],
  });
  (copyLabels.metadata as Record<string, unknown>).annotations = { ...TRICKY };
  const params = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'tricky', namespace: 'default' }, data: { ...TRICKY } };
  const bind = binding('labels-b', 'labels', {
    paramRef: { name: 'tricky', namespace: 'default', parameterNotFoundAction: 'Deny' },
  });

  it('keeps "yes", "on", "0b101", "1e3" and the keys y and yes as strings, and mutates with them', () => {
    const state = stateFromObjects([copyLabels, bind, params], 'case.yaml (tricky)');
    expect(state.problems).toEqual([]);
    expect(state.params).toEqual([params]);
    expect(state.policies[0]?.object.metadata).toEqual(copyLabels.metadata);
    const labels = at(admit(state, deploymentRequest()).object, 'metadata', 'labels');
    expect(labels).toEqual({ app: 'web', ...TRICKY });
  });

  it('judges a cluster object as it is, and names the field path of what it refuses', () => {
    const rejected: string[] = [];
    const checker = new ObjectChecker((object) => rejected.push(object));
    const broken = policy({ name: 'broken', mutations: [{ patchType: 'ApplyConfiguration', expression: 'Object{' }] });
    (broken.metadata as Record<string, unknown>).annotations = { ...TRICKY };
    const { accepted, problems } = checker.check([copyLabels, broken]);
    expect(accepted.map((o) => o.metadata)).toEqual([copyLabels.metadata]);
    expect(rejected).toEqual(['MutatingAdmissionPolicy/broken']);
    expect(problems.map((p) => [p.file, p.path, p.ruleId, p.line])).toEqual([
      ['cluster:MutatingAdmissionPolicy/broken', 'spec.mutations[0].applyConfiguration.expression', 'admission/cel', undefined],
    ]);
  });
});

describe('mutateObjects', () => {
  it('builds requests from the objects and pairs old versions for UPDATE', () => {
    const state = loadState([stateDir()]);
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } };
    const [dep, config, junk] = mutateObjects(state, [deployment(), cm, 'text'], {
      operation: 'UPDATE',
      oldObjects: [deployment({ spec: { replicas: 1 } })],
      userInfo: { username: 'bob' },
    });
    expect(dep?.request).toMatchObject({
      operation: 'UPDATE',
      namespace: 'default',
      resource: { resource: 'deployments' },
      userInfo: { username: 'bob' },
    });
    expect(at(dep?.request.oldObject, 'spec', 'replicas')).toBe(1);
    expect(at(dep?.result.object, 'spec', 'replicas')).toBe(3);
    expect(config?.request).toMatchObject({
      namespace: 'default',
      resource: { group: '', version: 'v1', resource: 'configmaps' },
    });
    expect(config?.request.oldObject).toBeUndefined();
    expect(junk?.error).toContain('apiVersion and kind');
  });
});

describe('loadState and CustomResourceDefinitions', () => {
  const definition = (
    name: string,
    change: (spec: Record<string, unknown>) => void = () => undefined,
  ): Record<string, unknown> => {
    const spec: Record<string, unknown> = {
      group: 'example.com',
      scope: 'Namespaced',
      names: {
        plural: name,
        singular: name.slice(0, -1),
        kind: name[0]?.toUpperCase() + name.slice(1, -1),
        listKind: `${name[0]?.toUpperCase()}${name.slice(1, -1)}List`,
      },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object' } } } },
        },
      ],
    };
    change(spec);
    return {
      apiVersion: 'apiextensions.plat.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: `${name}.example.com` },
      spec,
    };
  };

  it('keeps a definition the server admits and refuses one it would not, by the crd/* rules', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-state-'));
    stateDirs.push(dir);
    const unstructural = definition(
      'gadgets',
      (spec) =>
        ((spec.versions as Record<string, unknown>[])[0] = {
          name: 'v1',
          served: true,
          storage: true,
          schema: { openAPIV3Schema: { type: 'object', properties: { spec: { properties: {} } } } },
        }),
    );
    const noSpec = {
      apiVersion: 'apiextensions.plat.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'empty.example.com' },
    };
    writeFileSync(join(dir, 'crds.yaml'), [definition('widgets'), unstructural, noSpec].map((o) => stringify(o)).join('---\n'));
    const state = loadState([dir]);
    expect(state.crds.map((c) => at(c, 'metadata', 'name'))).toEqual(['widgets.example.com']);
    expect(state.problems.map((p) => `${p.object ?? ''} ${p.ruleId} @ ${p.path}`).sort()).toEqual([
      'CustomResourceDefinition/empty.example.com crd/names @ metadata.name',
      'CustomResourceDefinition/empty.example.com crd/names @ spec',
      'CustomResourceDefinition/gadgets.example.com crd/structural-schema @ spec.versions[0].schema.openAPIV3Schema.properties.spec.type',
    ]);
  });
});
