import { describe, expect, it } from 'vitest';
import { celTypeOf, fromCel } from '../values.js';
import { admissionEnvironment, lazyVariables } from './admission.js';
import type { CelProgram } from './environment.js';
import { DEPLOYMENT } from './test-schemas.js';

function compile(env: ReturnType<typeof admissionEnvironment>, expr: string): CelProgram {
  const r = env.compile(expr);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.program;
}

function firstIssue(env: ReturnType<typeof admissionEnvironment>, expr: string) {
  const r = env.compile(expr);
  expect(r.ok).toBe(false);
  return r.issues[0] as { code: string; message: string; start: number; end: number };
}

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', labels: { app: 'web' } },
  spec: { replicas: 2, ratio: 1.5, template: { spec: { containers: [{ name: 'app', image: 'nginx' }] } } },
};

describe('admission environments', () => {
  it('declares params only when the policy has a paramKind', () => {
    expect(firstIssue(admissionEnvironment('matchCondition'), 'params.x == 1').message).toContain('params');
    expect(admissionEnvironment('matchCondition', { hasParams: true }).check('params.x == 1')).toEqual([]);
  });

  it('keeps the variables of each environment apart when environments share their schema types', () => {
    const a = admissionEnvironment('applyConfiguration', { objectSchema: DEPLOYMENT, variables: [{ name: 'a', type: 'int' }] });
    const b = admissionEnvironment('applyConfiguration', {
      objectSchema: DEPLOYMENT,
      variables: [{ name: 'b', type: 'string' }],
    });
    expect(a.check('Object{spec: Object.spec{replicas: variables.a + object.spec.replicas}}')).toEqual([]);
    expect(b.check('Object{spec: Object.spec{replicas: size(variables.b) + object.spec.replicas}}')).toEqual([]);
    expect(firstIssue(b, 'Object{spec: Object.spec{replicas: variables.a}}').message).toContain('a');
    expect(firstIssue(a, 'Object{spec: Object.spec{replicas: variables.b}}').message).toContain('b');
    // The later environment's registrations do not reach the earlier one.
    expect(a.check('Object{spec: Object.spec{replicas: variables.a}}')).toEqual([]);
  });

  it('types object, constructions and params alike whether or not a policy has params (the environments share their lower layers)', () => {
    const params = { type: 'object', properties: { replicas: { type: 'integer' } } } as const;
    const plain = admissionEnvironment('applyConfiguration', { objectSchema: DEPLOYMENT });
    const withParams = admissionEnvironment('applyConfiguration', {
      objectSchema: DEPLOYMENT,
      hasParams: true,
      paramSchema: params,
    });
    const match = admissionEnvironment('matchCondition', { objectSchema: DEPLOYMENT, hasParams: true, paramSchema: params });
    const build = 'Object{spec: Object.spec{replicas: object.spec.replicas + 1}}';
    expect(plain.check(build)).toEqual([]);
    expect(withParams.check(build)).toEqual([]);
    expect(withParams.check('Object{spec: Object.spec{replicas: params.replicas}}')).toEqual([]);
    expect(firstIssue(withParams, 'Object{spec: Object.spec{replicaz: params.replicas}}').code).toBe('unknown_field');
    expect(firstIssue(plain, 'Object{spec: Object.spec{replicas: params.replicas}}').message).toContain('params');
    // Constructions are an apply configuration's only, though its layers lie below.
    expect(match.check('object.spec.replicas == params.replicas')).toEqual([]);
    expect(match.check('Object{spec: Object.spec{replicas: 1}} == null')).not.toEqual([]);
  });

  it('has no variables in match conditions, and typed variables elsewhere', () => {
    expect(firstIssue(admissionEnvironment('matchCondition'), 'variables.a == 1').message).toContain('variables');
    const env = admissionEnvironment('variable', { variables: [{ name: 'a', type: 'int' }] });
    expect(env.check('variables.a + 1 > 2')).toEqual([]);
    const i = firstIssue(env, 'variables.a + "x" == "y"');
    expect(i.code).toBe('no_such_overload');
  });

  it('evaluates variables lazily, once', () => {
    const base = admissionEnvironment('variable', { objectSchema: DEPLOYMENT });
    const a = compile(base, 'object.spec.replicas * 2');
    expect(a.type).toBe('int');
    const env = admissionEnvironment('matchCondition', { objectSchema: DEPLOYMENT });
    const later = admissionEnvironment('variable', { objectSchema: DEPLOYMENT, variables: [{ name: 'doubled', type: a.type }] });
    const b = compile(later, 'variables.doubled == 4');
    const activation = base.prepare({ object: deployment });
    expect(b.evaluate({ ...activation, variables: lazyVariables([{ name: 'doubled', program: a }], activation) })).toBe(true);
    expect(env.check('object.spec.replicas == 2')).toEqual([]);
  });

  it('exposes the whole metadata of the matched kind, still type-checked', () => {
    const env = admissionEnvironment('matchCondition', { objectSchema: DEPLOYMENT });
    const p = compile(
      env,
      'object.metadata.labels["app"] == "web" && object.metadata.namespace == "" && object.metadata.name == "web"',
    );
    expect(p.evaluate(env.prepare({ object: { ...deployment, metadata: { ...deployment.metadata, namespace: '' } } }))).toBe(
      true,
    );
    const expr = 'object.metadata.labelz["app"] == "web"';
    const i = firstIssue(env, expr);
    expect(expr.slice(i.start, i.end)).toContain('labelz');
  });

  it('gives a schema without metadata only metadata.name and metadata.generateName', () => {
    const env = admissionEnvironment('matchCondition', {
      objectSchema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } },
    });
    expect(env.check('object.metadata.name == "x" && object.metadata.generateName == "" && object.spec.size == 1')).toEqual([]);
    expect(firstIssue(env, 'object.metadata.labels["a"] == "b"').code).toBeDefined();
  });

  it('types integers as int and numbers as double', () => {
    const env = admissionEnvironment('variable', { objectSchema: DEPLOYMENT });
    const p = compile(env, 'object.spec.replicas + 1');
    expect(p.evaluate(env.prepare({ object: deployment }))).toBe(3n);
    expect(compile(env, 'object.spec.ratio * 2.0').evaluate({ object: deployment })).toBe(3);
    expect(firstIssue(env, 'object.spec.replicas + 1.5').code).toBe('no_such_overload');
  });

  it('compiles any Object.<path> name without a schema, keeping the name on the value for a run-time check', () => {
    const env = admissionEnvironment('applyConfiguration');
    const value = compile(env, 'Object{spec: Object.spec{template: Object.spec.templatex{size: 1}}}').evaluate(
      env.prepare({ object: deployment }),
    ) as Map<string, Map<string, unknown>>;
    expect(celTypeOf(value)).toBe('Object');
    expect(celTypeOf(value.get('spec'))).toBe('Object.spec');
    expect(celTypeOf(value.get('spec')?.get('template'))).toBe('Object.spec.templatex');
    expect(fromCel(value)).toEqual({ spec: { template: { size: 1 } } });
  });

  it('treats object as dynamic when the match is broad', () => {
    const env = admissionEnvironment('matchCondition');
    const p = compile(env, 'object.spec.replicas + 1 == 3');
    expect(p.evaluate(env.prepare({ object: deployment }))).toBe(true);
  });

  it('checks the result type of each place with a range at the expression', () => {
    const env = admissionEnvironment('matchCondition', { objectSchema: DEPLOYMENT });
    const expr = '  object.metadata.name';
    const i = firstIssue(env, expr);
    expect(i.code).toBe('result_type');
    expect(i.message).toContain('bool');
    expect(expr.slice(i.start, i.end)).toBe('object.metadata.name');
  });

  it('builds apply configurations type-checked against the schema', () => {
    const env = admissionEnvironment('applyConfiguration', { objectSchema: DEPLOYMENT });
    const p = compile(
      env,
      'Object{metadata: Object.metadata{labels: {"team": "a"}}, spec: Object.spec{replicas: object.spec.replicas + 1, template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: "sidecar", image: "proxy:1", ports: [Object.spec.template.spec.containers.ports{containerPort: 8080}]}]}}}}',
    );
    expect(p.type).toBe('Object');
    expect(fromCel(p.evaluate(env.prepare({ object: deployment })))).toEqual({
      metadata: { labels: { team: 'a' } },
      spec: {
        replicas: 3,
        template: { spec: { containers: [{ name: 'sidecar', image: 'proxy:1', ports: [{ containerPort: 8080 }] }] } },
      },
    });
  });

  it('points at the unknown field, the wrong value and the wrong type name', () => {
    const env = admissionEnvironment('applyConfiguration', { objectSchema: DEPLOYMENT });
    const unknown = 'Object{spec: Object.spec{replicaz: 1}}';
    let i = firstIssue(env, unknown);
    expect(i.code).toBe('unknown_field');
    expect(i.message).toBe('unknown field "replicaz" in Object.spec');
    expect(unknown.slice(i.start, i.end)).toBe('replicaz');

    const wrong = 'Object{spec: Object.spec{replicas: "three"}}';
    i = firstIssue(env, wrong);
    expect(i.code).toBe('field_type_mismatch');
    expect(i.message).toBe('field "replicas" of Object.spec: expected int, got string');
    expect(wrong.slice(i.start, i.end)).toBe('"three"');

    const misplaced = 'Object{spec: Object.spec.template{}}';
    i = firstIssue(env, misplaced);
    expect(i.message).toBe('field "spec" of Object: Object.spec.template does not match the field path, expected Object.spec');
    expect(misplaced.slice(i.start, i.end)).toBe('Object.spec.template{}');

    const undeclared = 'Object{spec: Object.spek{}}';
    i = firstIssue(env, undeclared);
    expect(undeclared.slice(i.start, i.end)).toBe('Object.spek');

    i = firstIssue(env, '"not an object"');
    expect(i.message).toBe('expression must evaluate to Object but got string');
  });

  it('constructs with spaced type names, reserved field names, and only where constructions exist', () => {
    const env = admissionEnvironment('applyConfiguration', { objectSchema: DEPLOYMENT });
    const p = compile(
      env,
      'Object{metadata: Object . metadata{namespace: "a", name: "b"}, spec: Object.spec // c\n{replicas: 1}}',
    );
    expect(fromCel(p.evaluate({ object: deployment }))).toEqual({
      metadata: { namespace: 'a', name: 'b' },
      spec: { replicas: 1 },
    });
    const undeclared = 'Object{spec: Object.spek{replicas: 1}}';
    const i = firstIssue(env, undeclared);
    expect(i).toMatchObject({ code: 'unknown_type', message: 'unknown type Object.spek' });
    expect(undeclared.slice(i.start, i.end)).toBe('Object.spek');
    const elsewhere = admissionEnvironment('matchCondition', { objectSchema: DEPLOYMENT });
    expect(firstIssue(elsewhere, 'Object{spec: 1} == null').message).toBe(
      'message construction (Type{...}) is not available here',
    );
  });

  it('builds JSON patches', () => {
    const env = admissionEnvironment('jsonPatch', { objectSchema: DEPLOYMENT });
    const p = compile(
      env,
      '[JSONPatch{op: "add", path: "/metadata/labels/" + jsonpatch.escapeKey("plat.io/x~y"), value: "1"}, JSONPatch{op: "replace", path: "/spec/replicas", value: object.spec.replicas + 1}]',
    );
    expect(fromCel(p.evaluate({ object: deployment }))).toEqual([
      { op: 'add', path: '/metadata/labels/plat.io~1x~0y', value: '1' },
      { op: 'replace', path: '/spec/replicas', value: 3 },
    ]);
    const i = firstIssue(env, 'JSONPatch{op: "add", path: "/x"}');
    expect(i.message).toBe('expression must evaluate to list(JSONPatch) but got JSONPatch');
    expect(firstIssue(env, '[JSONPatch{op: 1}]').code).toBe('field_type_mismatch');
  });

  it('evaluates authorizer checks against a pluggable authorizer, offline by default', () => {
    const env = admissionEnvironment('matchCondition');
    const allowed = compile(env, 'authorizer.group("apps").resource("deployments").namespace("a").check("create").allowed()');
    expect(allowed.evaluate({})).toBe(false);
    const reason = admissionEnvironment('variable').compile('authorizer.requestResource.check("update").reason()');
    if (!reason.ok) throw new Error('compile');
    expect(reason.program.evaluate({ request: { resource: { group: 'apps', resource: 'deployments' } } })).toContain('offline');
    const seen: string[] = [];
    const authorizer = {
      authorize: (a: { verb: string; resource?: string; user?: string }) => {
        seen.push(`${a.user}:${a.verb}:${a.resource}`);
        return { decision: 'allow' as const };
      },
    };
    expect(
      compile(env, 'authorizer.requestResource.check("update").allowed()').evaluate(
        { request: { userInfo: { username: 'bob' }, resource: { resource: 'pods' } } },
        { authorizer },
      ),
    ).toBe(true);
    expect(seen).toEqual(['bob:update:pods']);
  });

  // oldObject is null for CREATE, object for DELETE, params without a paramRef,
  // namespaceObject for cluster-scoped objects: each must compare with null.
  describe('null comparisons on schema-typed values', () => {
    const env = admissionEnvironment('matchCondition', { objectSchema: DEPLOYMENT, hasParams: true, paramSchema: DEPLOYMENT });
    const namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'prod' } };
    const create = { object: deployment, oldObject: null, params: null, namespaceObject: null, request: { operation: 'CREATE' } };
    const remove = {
      object: null,
      oldObject: deployment,
      params: deployment,
      namespaceObject: namespace,
      request: { operation: 'DELETE' },
    };

    it.each([
      ['oldObject == null', true, false],
      ['oldObject != null', false, true],
      ['object == null', false, true],
      ['object != null', true, false],
      ['null == object', false, true],
      ['null != oldObject', false, true],
      ['params == null', true, false],
      ['params != null', false, true],
      ['namespaceObject == null', true, false],
      ['namespaceObject != null', false, true],
      ['oldObject == null || oldObject.spec.replicas != 0', true, true],
      ['dyn(oldObject) == null', true, false],
    ])('%s type-checks and is %s on CREATE, %s on DELETE', (expr, onCreate, onDelete) => {
      expect(env.check(expr)).toEqual([]);
      const p = compile(env, expr);
      expect(p.evaluate(env.prepare(create))).toBe(onCreate);
      expect(p.evaluate(env.prepare(remove))).toBe(onDelete);
      // Raw activations (not prepared) behave the same.
      expect(p.evaluate(create)).toBe(onCreate);
      expect(p.evaluate(remove)).toBe(onDelete);
    });

    it('compares typed fields of the object with null', () => {
      for (const expr of [
        'object.spec == null',
        'object.spec.template != null',
        'null == object.spec.template.spec',
        'object.metadata != null',
      ]) {
        expect(env.check(expr), expr).toEqual([]);
      }
      const p = compile(env, 'object.spec.template != null');
      expect(p.evaluate(env.prepare(create))).toBe(true);
      expect(compile(env, 'object.spec == null').evaluate(env.prepare(create))).toBe(false);
    });

    it('fails a field read on a null variable, and converts it back to null', () => {
      expect(() => compile(env, 'oldObject.spec.replicas == 1').evaluate(env.prepare(create))).toThrow(/null/);
      const variable = admissionEnvironment('variable', { objectSchema: DEPLOYMENT });
      expect(fromCel(compile(variable, 'oldObject').evaluate(variable.prepare(create)))).toBeNull();
      expect(fromCel(compile(variable, 'object').evaluate(variable.prepare(create)))).toMatchObject({ kind: 'Deployment' });
    });

    it('works when params and object are dynamic', () => {
      const broad = admissionEnvironment('matchCondition', { hasParams: true });
      const p = compile(broad, 'params == null && oldObject == null && object != null');
      expect(p.evaluate(broad.prepare(create))).toBe(true);
      expect(p.evaluate(broad.prepare(remove))).toBe(false);
    });
  });
});
