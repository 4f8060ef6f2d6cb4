import { describe, expect, it } from 'vitest';
import { celTypeOf, fromCel, lazyToCel, toCel } from './values.js';
import { CelEnvironment } from './env/environment.js';
import { DEPLOYMENT } from './env/test-schemas.js';
import type { StructuralSchema } from './schema.js';

describe('values', () => {
  it('turns schema integers into CEL ints and keeps numbers double', () => {
    expect(toCel(3, { type: 'integer' })).toBe(3n);
    expect(toCel(3, { type: 'number' })).toBe(3);
    expect(toCel(['1', 2], { type: 'array', items: { 'x-kubernetes-int-or-string': true } })).toEqual(['1', 2n]);
    expect(toCel(2, { type: 'string', format: 'quantity', 'x-kubernetes-int-or-string': true })).toBe('2');
    expect(toCel({ a: 1, b: 1.5 })).toEqual({ a: 1n, b: 1.5 });
  });

  it('round-trips a document exactly', () => {
    const doc = {
      metadata: { name: 'x', labels: { a: 'b' } },
      spec: {
        replicas: 3,
        ratio: 0.5,
        maxSurge: '25%',
        template: { spec: { containers: [{ name: 'c', ports: [{ containerPort: 80 }] }] } },
      },
    };
    const cel = toCel(doc, DEPLOYMENT);
    expect(JSON.stringify(fromCel(cel))).toBe(JSON.stringify(doc));
    expect(JSON.stringify(fromCel(toCel({ spec: { maxSurge: 1 } }, DEPLOYMENT)))).toBe('{"spec":{"maxSurge":1}}');
  });

  it('converts timestamps both ways', () => {
    const s: StructuralSchema = { type: 'string', format: 'date-time' };
    const v = toCel('2024-01-02T03:04:05Z', s);
    expect(v).toBeInstanceOf(Date);
    expect(fromCel(v)).toBe('2024-01-02T03:04:05Z');
  });
});

// Keys named like Object.prototype members are data (issue 11): CEL maps built from
// literals, from JSON and from schema-typed objects keep them, and no prototype changes.
describe('keys named __proto__, constructor and prototype', () => {
  const env = new CelEnvironment({
    variables: [
      { name: 'm', type: 'map<string, dyn>' },
      { name: 'obj', type: 'dyn' },
    ],
  });
  const run = (expr: string, activation: Record<string, unknown> = {}): unknown => {
    const r = env.compile(expr);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    return r.program.evaluate(env.prepare(activation));
  };

  it('a map literal keeps them as ordinary keys', () => {
    const out = fromCel(run('{"__proto__": "x", "constructor": "c", "prototype": "p", "ok": "y"}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.entries(out)).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'c'],
      ['prototype', 'p'],
      ['ok', 'y'],
    ]);
    expect(fromCel(run('{"__proto__": {"polluted": true}}'))).toEqual(JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(fromCel(run('{?"constructor": optional.of("c"), ?"prototype": optional.none(), "a": "b"}'))).toEqual({
      constructor: 'c',
      a: 'b',
    });
  });

  it('such a map can be read, sized, searched and compared', () => {
    expect(run('{"constructor": "c"}["constructor"]')).toBe('c');
    expect(run('size({"__proto__": 1, "constructor": 2})')).toBe(2n);
    expect(run('"__proto__" in {"__proto__": 1}')).toBe(true);
    expect(run('{"constructor": 1} == {"constructor": 1}')).toBe(true);
    expect(run('{"constructor": 1}.all(k, k == "constructor")')).toBe(true);
  });

  it('values from JSON keep them, and lookups never reach Object.prototype', () => {
    const m = JSON.parse('{"__proto__": {"polluted": true}, "constructor": "c"}') as Record<string, unknown>;
    expect(run('m["constructor"]', { m })).toBe('c');
    expect(run('size(m)', { m })).toBe(2n);
    expect(fromCel(run('m', { m }))).toEqual(m);
    expect(run('"prototype" in m', { m })).toBe(false);
    expect(run('has(obj.constructor)', { obj: { a: 1 } })).toBe(false);
    expect(run('has(obj.constructor)', { obj: JSON.parse('{"constructor": 1}') })).toBe(true);
    expect(run('"toString" in m', { m })).toBe(false);
    expect(run('obj.__proto__.polluted', { obj: m })).toBe(true);
    expect(run('has(obj.__proto__)', { obj: {} })).toBe(false);
  });

  it('a schema-typed object reads only declared fields of its own', () => {
    const deployment = toCel(JSON.parse('{"metadata": {"name": "x", "__proto__": {"name": "y"}}}'), DEPLOYMENT) as Map<
      string,
      unknown
    >;
    const metadata = deployment.get('metadata') as Map<string, unknown>;
    for (const key of ['__proto__', 'constructor', 'toString']) expect(metadata.get(key)).toBeUndefined();
    expect(fromCel(deployment)).toEqual({ metadata: { name: 'x' } });
  });
});

// The admission engine converts its dynamic variables lazily (values.ts LazyJsonMap): every
// expression must see what the eager conversion gave it, prototype-named keys included.
describe('lazily converted JSON', () => {
  const env = new CelEnvironment({
    variables: [
      { name: 'obj', type: 'dyn' },
      { name: 'other', type: 'dyn' },
    ],
  });
  const json = JSON.parse(
    '{"metadata": {"name": "web", "labels": {"app": "web", "1": "one"}, "annotations": {}}, "spec": {"replicas": 3, "ratio": 0.5, "big": 9007199254740993, "items": [{"name": "a", "port": 80}, {"name": "b"}], "nested": {"__proto__": {"x": 1}, "constructor": "c"}}}',
  ) as Record<string, unknown>;
  const outcome = (expression: string, activation: Record<string, unknown>): unknown => {
    const r = env.compile(expression);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    try {
      return { value: fromCel(r.program.evaluate(env.prepare(activation))) };
    } catch (e) {
      return { error: (e as Error).message };
    }
  };
  const expressions = [
    'obj.metadata.name',
    'obj.spec.replicas + 1',
    'obj.spec.ratio * 2.0',
    'obj.spec.big',
    'has(obj.metadata.annotations)',
    'has(obj.metadata.missing)',
    'obj.metadata.missing',
    'size(obj.metadata.labels)',
    'size(obj.metadata.annotations) == 0',
    '"app" in obj.metadata.labels',
    'obj.metadata.labels[1]',
    'obj.metadata.labels.all(k, k != "")',
    'obj.metadata.labels.map(k, k)',
    'obj.spec.items.filter(i, has(i.port)).map(i, i.name)',
    'obj.spec.items.exists(i, i.name == "b")',
    'obj.metadata.labels == {"app": "web", "1": "one"}',
    '{"app": "web", "1": "one"} == obj.metadata.labels',
    'obj.metadata == other.metadata',
    'obj.spec.nested.constructor',
    'obj.spec.nested["__proto__"].x',
    'size(obj.spec.nested)',
    'type(obj.metadata) == map',
    'obj.spec',
    'obj',
    'obj.?metadata.?labels.?app.orValue("none")',
    'obj.?spec.?absent.orValue("none")',
    'obj.metadata.name.startsWith("w") ? obj.spec.items[0] : obj.spec.items[1]',
  ];

  it('gives every expression what the eager conversion gives', () => {
    for (const expression of expressions) {
      const eager = outcome(expression, { obj: json, other: json });
      const lazy = outcome(expression, { obj: lazyToCel(json), other: lazyToCel(json) });
      expect({ expression, ...(lazy as object) }).toEqual({ expression, ...(eager as object) });
    }
  });

  it('is a map to CEL and converts back to the same JSON', () => {
    const value = lazyToCel(json);
    expect(celTypeOf(value)).toBe('map');
    expect(JSON.stringify(fromCel(value))).toBe(JSON.stringify(json));
    expect(lazyToCel([1, 1.5, 'x', null])).toEqual([1n, 1.5, 'x', null]);
  });

  it('is read again from its JSON when a schema types it', () => {
    expect(JSON.stringify(fromCel(toCel(lazyToCel({ spec: { replicas: 3 } }), DEPLOYMENT)))).toBe('{"spec":{"replicas":3}}');
    expect(toCel(lazyToCel({ a: 1 }))).toBeInstanceOf(Map);
  });
});
