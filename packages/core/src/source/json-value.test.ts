import { describe, expect, it } from 'vitest';
import { detachedFromText, isJsonObject } from './json-value.js';

describe('isJsonObject', () => {
  it('takes mappings only', () => {
    expect(isJsonObject({})).toBe(true);
    expect(isJsonObject(Object.create(null))).toBe(true);
    for (const other of [null, undefined, [], [{}], 'a', 1, true]) expect(isJsonObject(other), String(other)).toBe(false);
  });
});

describe('detachedFromText', () => {
  it('copies every mapping and list, with the same keys, order and scalars', () => {
    const text = 'apiVersion: v1\nkind: a-kind-with-a-long-name\n';
    const value = {
      kind: text.slice(23, 47),
      spec: { replicas: 3, paused: false, gone: null, ports: [{ name: 'http' }, 8080] },
    };
    const copy = detachedFromText(value);
    expect(copy).toEqual(value);
    expect(Object.keys(copy.spec)).toEqual(['replicas', 'paused', 'gone', 'ports']);
    expect(copy.spec).not.toBe(value.spec);
    expect(copy.spec.ports[0]).not.toBe(value.spec.ports[0]);
  });

  it('keeps an own __proto__ key as an own key', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    const copy = detachedFromText(value);
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('copies a node reached twice (a YAML alias) once', () => {
    const shared = { name: 'anchored-value-with-a-long-name' };
    const copy = detachedFromText({ a: shared, b: [shared, shared] });
    expect(copy.a).not.toBe(shared);
    expect(copy.b[0]).toBe(copy.a);
    expect(copy.b[1]).toBe(copy.a);
  });
});
