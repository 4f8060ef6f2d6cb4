import { describe, expect, it } from 'vitest';
import { LineIndex } from './line-index.js';

describe('LineIndex', () => {
  it('turns offsets into lines and columns and back, for LF, CRLF and lone CR line ends', () => {
    for (const br of ['\n', '\r\n', '\r']) {
      const text = `a: 1${br}bb: 2${br}${br}c: 3`;
      const lines = new LineIndex(text);
      const c = text.indexOf('c');
      expect(lines.lineCount, JSON.stringify(br)).toBe(4);
      expect(lines.position(0)).toEqual({ line: 1, column: 1 });
      expect(lines.position(text.indexOf('bb') + 1)).toEqual({ line: 2, column: 2 });
      expect(lines.position(c)).toEqual({ line: 4, column: 1 });
      expect(lines.offset({ line: 4, column: 1 })).toBe(c);
      // Past the last line or column: the end of the text.
      expect(lines.offset({ line: 9, column: 99 })).toBe(text.length);
    }
  });

  it('has one line for a text without a line break, and a last empty line after a final one', () => {
    expect(new LineIndex('a: 1').lineCount).toBe(1);
    expect(new LineIndex('').lineCount).toBe(1);
    const text = 'a: 1\n';
    expect(new LineIndex(text).lineCount).toBe(2);
    expect(new LineIndex(text).position(text.length)).toEqual({ line: 2, column: 1 });
  });

  it('gives the same positions in whatever order offsets are asked, however far into the text', () => {
    const text = Array.from({ length: 3_000 }, (_, i) => 'x'.repeat(i % 97)).join('\n');
    const naive = (offset: number): { line: number; column: number } => {
      const before = text.slice(0, offset).split('\n');
      return { line: before.length, column: (before.at(-1) as string).length + 1 };
    };
    for (const order of [
      [text.length, 0, 5_000, 4_999],
      [10, 20, 100_000, 50_000, text.length - 1],
    ]) {
      const lines = new LineIndex(text);
      for (const offset of order) expect(lines.position(offset), String(offset)).toEqual(naive(offset));
      expect(lines.lineCount).toBe(3_000);
    }
  });
});
