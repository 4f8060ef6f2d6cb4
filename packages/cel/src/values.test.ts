import { describe, expect, it } from 'vitest';
import { fromCel, toCel } from './values.js';
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
    const doc = { metadata: { name: 'x', labels: { a: 'b' } }, spec: { replicas: 3, ratio: 0.5, maxSurge: '25%', template: { spec: { containers: [{ name: 'c', ports: [{ containerPort: 80 }] }] } } } };
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
