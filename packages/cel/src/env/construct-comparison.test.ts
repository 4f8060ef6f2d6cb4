// Comparing constructed objects. Their `==` overloads are a layer that an environment adds only
// for the expressions that may compare (CelEnvironment.#baseFor): these cases hold whichever
// expression an environment compiles first, and an expression that compares nothing compiles as
// it did with them. As in cel-go (checker/types.go, internalIsAssignable), null may be compared
// with any message and a message with its own type only.
import { describe, expect, it } from 'vitest';
import type { StructuralSchema } from '../schema.js';
import { fromCel } from '../values.js';
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
