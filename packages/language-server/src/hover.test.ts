import { describe, expect, it } from 'vitest';
import { hoverAt } from './hover.js';
import { linesOf } from './yaml-outline.js';

const text = [
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: web',
  'spec:',
  '  replicas: 2',
  '  strategy:',
  '    type: Recreate',
  '  selector:',
  '    matchLabels: {app: web}',
].join('\n');

function hover(line: number, character: number): string | undefined {
  const result = hoverAt(linesOf(text), { line, character });
  return result ? (result.contents as { value: string }).value : undefined;
}

describe('hover', () => {
  it('documents a field from the schema tree: type, description, default, limits, spec section', () => {
    const value = hover(5, 4) ?? '';
    expect(value).toContain('**replicas**: `integer (int32)`');
    expect(value).toContain('Number of desired pods');
    expect(value).toContain('Default: `1`');
    expect(value).toContain('minimum 0');
    expect(value).toContain('Spec: document A Deployment');
  });

  it('lists allowed values and says when a field is required', () => {
    expect(hover(7, 5)).toContain('Allowed values: `Recreate`, `RollingUpdate`');
    expect(hover(8, 3)).toContain('Required.');
    expect(hover(5, 4)).not.toContain('Required.');
  });

  it('summarises the kind on apiVersion and kind', () => {
    const value = hover(1, 8) ?? '';
    expect(value).toContain('**Deployment** (`apps/v1`)');
    expect(value).toContain('Declarative updates for Pods');
    expect(value).toContain('Namespaced.');
    expect(hover(0, 2)).toBe(value);
  });

  it('says nothing off keys or for unknown kinds', () => {
    expect(hover(4, 6)).toBeUndefined();
    expect(hoverAt(linesOf('apiVersion: v9\nkind: Nope\nspec:\n  a: 1'), { line: 3, character: 2 })).toBeNull();
  });
});
