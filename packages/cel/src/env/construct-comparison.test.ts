// Comparing constructed objects. Their `==` overloads are a layer that an environment adds only
// for the expressions that may compare (CelEnvironment.#baseFor): these cases hold whichever
// expression an environment compiles first, and an expression that compares nothing compiles as
// it did with them. As in cel-go (checker/types.go, internalIsAssignable), null may be compared
// with any message and a message with its own type only.
import { describe, expect, it } from 'vitest';
import type { StructuralSchema } from '../schema.js';
import { celTypeOf, fromCel } from '../values.js';
import { admissionEnvironment } from './admission.js';

const str: StructuralSchema = { type: 'string' };
const SCHEMA: StructuralSchema = {
  type: 'object',
  properties: {
    metadata: { type: 'object', properties: { name: str } },
    spec: {
      type: 'object',
      properties: {
        replicas: { type: 'integer' },
        // A type named after this property cannot be written in an operator signature.
        'odd-name': { type: 'object', properties: { a: str } },
        items: { type: 'array', items: { type: 'object', properties: { a: str } } },
      },
    },
  },
};

// Each condition picks one of two objects, so that the apply configuration's result stays an Object.
const picked = (condition: string) =>
  `(${condition}) ? Object{metadata: Object.metadata{name: "yes"}} : Object{metadata: Object.metadata{name: "no"}}`;

const CASES: [condition: string, outcome: string][] = [
  ['Object{} == null', 'no'],
  ['null == Object{}', 'no'],
  ['Object{} != null', 'yes'],
  ['null != Object.spec{}', 'yes'],
  ['Object.spec{replicas: 1} == Object.spec{replicas: 1}', 'yes'],
  ['Object.spec{replicas: 1} == Object.spec{replicas: 2}', 'no'],
  ['Object.spec{replicas: 1} != Object.spec{replicas: 2}', 'yes'],
  ['Object.spec.items{a: "x"} == Object.spec{items: [Object.spec.items{a: "x"}]}.items[0]', 'yes'],
  ['[Object.spec{replicas: 1}] == [Object.spec{replicas: 1}]', 'yes'],
  ['[Object.spec{replicas: 1}] == [Object.spec{replicas: 2}]', 'no'],
  ['Object.spec{replicas: 1} in [Object.spec{replicas: 1}]', 'yes'],
  ['Object.spec{replicas: 1} in [Object.spec{replicas: 2}]', 'no'],
  ['{"k": Object.spec{replicas: 1}} == {"k": Object.spec{replicas: 1}}', 'yes'],
  ['{"k": Object.spec{replicas: 1}} == {"k": Object.spec{replicas: 3}}', 'no'],
  ['optional.of(Object.spec{replicas: 1}) == optional.of(Object.spec{replicas: 1})', 'yes'],
  ['optional.of(Object.spec{replicas: 1}) == optional.none()', 'no'],
  ['dyn(Object.spec{replicas: 1}) == dyn(Object.spec{replicas: 1})', 'yes'],
  ['dyn(Object.spec{replicas: 1}) != dyn(Object.spec{replicas: 1})', 'no'],
  ['[Object.spec{}].exists(s, s == Object.spec{})', 'yes'],
  ['Object.spec{} == Object{}', 'no such overload: Object.spec == Object'],
  ['Object.spec{} != Object.metadata{}', 'no such overload: Object.spec != Object.metadata'],
  ['Object{} == 1', 'no such overload: Object == int'],
  ['Object{}.spec["odd-name"] == null', 'no such overload: Object.spec.odd-name == null'],
];

function outcome(env: ReturnType<typeof admissionEnvironment>, expression: string): unknown {
  const r = env.compile(expression);
  if (!r.ok) return r.issues.map((i) => i.message).join('; ');
  return fromCel(r.program.evaluate(env.prepare({ object: { spec: { replicas: 1 } }, oldObject: null })));
}

const decided = (o: string) => (o === 'yes' || o === 'no' ? { metadata: { name: o } } : o);

describe('comparing constructed objects', () => {
  it.each(CASES)('%s: %s', (condition, want) => {
    const env = admissionEnvironment('applyConfiguration', { objectSchema: SCHEMA });
    expect(outcome(env, picked(condition))).toEqual(decided(want));
  });

  it('compiles alike whichever expression an environment compiles first', () => {
    const construction = 'Object{spec: Object.spec{replicas: 2, items: [Object.spec.items{a: "b"}]}}';
    for (const order of [CASES, [...CASES].reverse()]) {
      const env = admissionEnvironment('applyConfiguration', { objectSchema: SCHEMA });
      for (const [condition, want] of order) {
        expect(outcome(env, construction)).toEqual({ spec: { replicas: 2, items: [{ a: 'b' }] } });
        expect(outcome(env, picked(condition))).toEqual(decided(want));
      }
    }
  });

  it('reports the same issues in an expression that compares nothing', () => {
    const env = admissionEnvironment('applyConfiguration', { objectSchema: SCHEMA });
    expect(outcome(env, 'Object{spec: Object.spec{replicas: "x"}}')).toBe(
      'field "replicas" of Object.spec: expected int, got string',
    );
    expect(outcome(env, 'Object.spec{}')).toBe('expression must evaluate to Object but got Object.spec');
    expect(outcome(env, 'Object{spec: Object.spec{nope: 1}}')).toBe('unknown field "nope" in Object.spec');
  });

  it('compares JSON patches and untyped objects in a JSON patch', () => {
    const env = admissionEnvironment('jsonPatch', {});
    const run = (condition: string) => outcome(env, `(${condition}) ? [JSONPatch{op: "yes"}] : []`);
    expect(run('JSONPatch{op: "a"} in [JSONPatch{op: "a"}]')).toEqual([{ op: 'yes' }]);
    expect(run('JSONPatch{} == null')).toEqual([]);
    expect(run('Object.spec{x: 1} == Object.spec{x: 1}')).toEqual([{ op: 'yes' }]);
    expect(run('Object{} != null')).toEqual([{ op: 'yes' }]);
  });
});

// Without a schema for the kind (admission of a custom resource whose definition keeps unknown
// fields, or none), every `Object...` name is an untyped object, as upstream's dynamic
// ObjectType (k8s.io/apiserver/pkg/cel/mutation/dynamic/objects.go): its values compare equal
// when they have the same type name and equal fields (ObjectVal.Equal), and never equal a
// value read from the request. These once failed at run time wherever cel-js looked at the
// value's type (`in`, `dyn`, a list's `==`): "Unsupported type: ctor", a denial under Fail.
const UNTYPED_CASES: [condition: string, outcome: string][] = [
  ['Object.spec{replicas: 1} in [Object.spec{replicas: 1}]', 'yes'],
  ['Object.spec{replicas: 1} in [Object.spec{replicas: 2}]', 'no'],
  ['Object.spec.a{x: 1} in [Object.spec.b{x: 1}]', 'no'],
  ['Object.spec.a{x: 1} == Object.spec.a{x: 1}', 'yes'],
  ['Object.spec.a{x: 1} == Object.spec.b{x: 1}', 'no'],
  ['dyn(Object.spec{replicas: 1}) == Object.spec{replicas: 1}', 'yes'],
  ['[dyn(Object.spec.d{x: 1})][0] == Object.spec.d{x: 1}', 'yes'],
  ['[Object.spec.l{a: 1}].exists(i, i == Object.spec.l{a: 1})', 'yes'],
  ['[Object.spec.l{a: 1}] == [Object.spec.l{a: 1}]', 'yes'],
  ['Object.spec{replicas: 1} == object.spec', 'no'],
  ['Object{} == Object{}', 'yes'],
];

describe('comparing constructed objects of an untyped kind', () => {
  it.each(UNTYPED_CASES)('%s: %s', (condition, want) => {
    const env = admissionEnvironment('applyConfiguration', {});
    expect(outcome(env, picked(condition))).toEqual(decided(want));
  });

  it('keeps the name each construction was written with, which a patch is checked against', () => {
    const env = admissionEnvironment('applyConfiguration', {});
    const r = env.compile('Object{spec: Object.spec{l: [dyn(Object.spec.a{x: 1}), dyn(Object.spec.b{x: 2})]}}');
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('; '));
    const root = r.program.evaluate(env.prepare({ object: {}, oldObject: null })) as Map<string, Map<string, unknown[]>>;
    const spec = root.get('spec') as Map<string, unknown[]>;
    expect([root, spec, ...(spec.get('l') ?? [])].map((v) => celTypeOf(v))).toEqual([
      'Object',
      'Object.spec',
      'Object.spec.a',
      'Object.spec.b',
    ]);
  });
});
