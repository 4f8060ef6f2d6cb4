import { describe, expect, it } from 'vitest';
import { formatPath, parsePath } from './field-path.js';

describe('field paths', () => {
  it('writes the dotted form with [i] for indexes', () => {
    expect(formatPath(['spec', 'template', 'spec', 'containers', 0, 'image'])).toBe('spec.template.spec.containers[0].image');
    expect(formatPath(['items', 2, 'metadata'])).toBe('items[2].metadata');
  });

  it('quotes keys that are not plain names, and reads them back', () => {
    const path = ['metadata', 'annotations', 'plat.io/owner', 'x'];
    expect(formatPath(path)).toBe('metadata.annotations["plat.io/owner"].x');
    expect(parsePath(formatPath(path))).toEqual(path);
    expect(parsePath('a[0].b[12]')).toEqual(['a', 0, 'b', 12]);
  });
});
