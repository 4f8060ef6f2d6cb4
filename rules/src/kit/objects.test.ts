// The kit's list walk and its "exactly one of" counting, which many Deployment rules build on:
// the index a finding's path takes must be the entry's place in the whole list as written.
import { describe, expect, it } from 'vitest';
import { countSet, forEachObject, setFields } from './objects.js';

function visited(list: unknown): [unknown, number][] {
  const out: [unknown, number][] = [];
  forEachObject(list, (item, i) => out.push([item, i]));
  return out;
}

describe('forEachObject', () => {
  it('visits the mappings of a list with their index in the whole list, skipping other entries', () => {
    const a = { name: 'a' };
    const b = { name: 'b' };
    expect(visited([a, 'text', null, [1], 3, b])).toEqual([
      [a, 0],
      [b, 5],
    ]);
  });

  it('visits nothing for what is not a list', () => {
    for (const value of [undefined, null, 'text', 7, { 0: { name: 'a' } }]) expect(visited(value)).toEqual([]);
  });
});

describe('countSet and setFields', () => {
  const valueFrom = { fieldRef: { fieldPath: 'metadata.name' }, secretKeyRef: null, configMapKeyRef: {}, other: 1 };
  const sources = ['fieldRef', 'resourceFieldRef', 'configMapKeyRef', 'secretKeyRef'] as const;

  it('counts the fields present and not null (a key written without a value is unset)', () => {
    expect(countSet(valueFrom, sources)).toBe(2);
    expect(countSet({}, sources)).toBe(0);
  });

  it('counts own keys only, never a name Object.prototype has', () => {
    const fields = ['constructor', 'toString', 'emptyDir'];
    expect(countSet({}, fields)).toBe(0);
    expect(countSet(JSON.parse('{"constructor": {}, "emptyDir": {}, "__proto__": {}}') as Record<string, unknown>, fields)).toBe(
      2,
    );
  });

  it('lists the same fields, in the order of the list asked for', () => {
    expect(setFields(valueFrom, sources)).toEqual(['fieldRef', 'configMapKeyRef']);
    expect(setFields(valueFrom, [...sources].reverse())).toEqual(['configMapKeyRef', 'fieldRef']);
  });
});
