// CEL typing that the platform's admission policies rely on (issue 10, item 4).
import { describe, expect, it } from 'vitest';
import { fromCel } from '../values.js';
import { admissionEnvironment, type AdmissionPlace } from './admission.js';
import { DEPLOYMENT } from './test-schemas.js';

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', labels: { app: 'web', tier: 'front' } },
  spec: { replicas: 2, template: { spec: { containers: [{ name: 'app', image: 'nginx' }] } } },
};
const changed = { ...deployment, spec: { ...deployment.spec, replicas: 3 } };

function run(
  place: AdmissionPlace,
  expr: string,
  activation: Record<string, unknown> = { object: deployment, oldObject: deployment },
): unknown {
  const env = admissionEnvironment(place, { objectSchema: DEPLOYMENT });
  const r = env.compile(expr);
  if (!r.ok) throw new Error(`${expr}: ${JSON.stringify(r.issues)}`);
  return fromCel(r.program.evaluate(env.prepare(activation)));
}

describe('policy typing', () => {
  it.each([
    ['object.?metadata.labels["app"].orValue("none")', 'web'],
    ['object.?metadata.labels["gone"].orValue("none")', 'none'],
    ['object.?metadata.labels["app"] == optional.of("web")', true],
    ['object.?metadata.labels["gone"] == optional.none()', true],
    ['object.metadata.?labels["app"] != optional.of("db")', true],
    ['optional.of(1) == optional.of(1) && optional.none() == optional.none() && optional.of(1) != optional.none()', true],
  ])('optionals end to end: %s', (expr, want) => {
    expect(run('variable', expr)).toEqual(want);
  });

  it('sets optional fields of constructions only when they hold a value', () => {
    expect(run('applyConfiguration', 'Object{spec: Object.spec{?replicas: optional.of(3)}}')).toEqual({ spec: { replicas: 3 } });
    expect(run('applyConfiguration', 'Object{spec: Object.spec{?replicas: optional.none()}}')).toEqual({ spec: {} });
    expect(
      run('applyConfiguration', 'Object{metadata: Object.metadata{?namespace: object.metadata.?namespace, name: "a"}}'),
    ).toEqual({ metadata: { name: 'a' } });
    const env = admissionEnvironment('applyConfiguration', { objectSchema: DEPLOYMENT });
    const expr = 'Object{spec: Object.spec{?replicas: optional.of("x")}}';
    const r = env.compile(expr);
    expect(r.ok).toBe(false);
    expect(expr.slice(r.issues[0]?.start, r.issues[0]?.end)).toBe('optional.of("x")');
  });

  it('compares JSONPatch values field by field', () => {
    const same = 'JSONPatch{op: "add", path: "/a", value: {"b": [1]}} == JSONPatch{op: "add", path: "/a", value: {"b": [1]}}';
    const differ = 'JSONPatch{op: "add", path: "/a"} != JSONPatch{op: "add", path: "/b"}';
    const expr = `${same} && ${differ} ? [JSONPatch{op: "test", path: "/x"}] : []`;
    expect(run('jsonPatch', expr)).toEqual([{ op: 'test', path: '/x' }]);
  });

  it('compares objects of the same type', () => {
    expect(run('variable', 'object == oldObject')).toBe(true);
    expect(run('variable', 'object != oldObject', { object: changed, oldObject: deployment })).toBe(true);
    expect(run('variable', 'object.spec.template == oldObject.spec.template', { object: changed, oldObject: deployment })).toBe(
      true,
    );
    expect(run('variable', 'object == oldObject', { object: deployment, oldObject: null })).toBe(false);
  });

  it('takes has() of fields of constructed objects and literals', () => {
    expect(
      run(
        'applyConfiguration',
        'has(Object.spec{replicas: 1}.replicas) && !has(Object.spec{replicas: 1}.template) ? Object{} : Object{spec: Object.spec{replicas: 0}}',
      ),
    ).toEqual({});
    expect(run('variable', 'has({"a": 1}.a) && !has({"a": 1}.b) && has(object.spec.template.spec.containers[0].image)')).toBe(
      true,
    );
    const env = admissionEnvironment('applyConfiguration', { objectSchema: DEPLOYMENT });
    const expr = 'has(Object.spec{replicas: 1}.nope) ? Object{} : Object{}';
    const r = env.compile(expr);
    expect(r.ok).toBe(false);
    expect(expr.slice(r.issues[0]?.start, r.issues[0]?.end)).toBe('nope');
  });

  it('concatenates typed and untyped lists in either order', () => {
    expect(run('jsonPatch', '[] + [JSONPatch{op: "add", path: "/a"}]')).toEqual([{ op: 'add', path: '/a' }]);
    expect(run('jsonPatch', '[JSONPatch{op: "add", path: "/a"}] + []')).toEqual([{ op: 'add', path: '/a' }]);
    expect(run('jsonPatch', '[JSONPatch{op: ([] + [JSONPatch{op: "add", path: "/a"}])[0].op, path: "/x"}]')).toEqual([
      { op: 'add', path: '/x' },
    ]);
    expect(run('variable', 'size(object.spec.template.spec.containers + [dyn({"name": "x"})])')).toBe(2);
    expect(run('variable', 'size([dyn({"name": "x"})] + object.spec.template.spec.containers)')).toBe(2);
  });

  it.each([
    ['object.metadata.labels.map(k, k + "=" + object.metadata.labels[k])', ['app=web', 'tier=front']],
    ['object.metadata.labels.all(k, v, v != "")', true],
    ['object.metadata.labels.exists(k, v, k == "tier" && v == "front")', true],
    ['object.metadata.labels.transformMap(k, v, v + "!")', { app: 'web!', tier: 'front!' }],
    ['object.metadata.labels.transformList(k, v, k + "=" + v)', ['app=web', 'tier=front']],
  ])('iterates labels: %s', (expr, want) => {
    expect(run('variable', expr)).toEqual(want);
  });
});
