import type { Position, Range } from '../diagnostics.js';
import { LINE_BREAK } from './line-breaks.js';

/** Turns character offsets into 1-based line/column positions (lines end at LF, CRLF or a lone CR); built on first use. */
export class LineIndex {
  private starts: Uint32Array | undefined;

  constructor(private readonly text: string) {}

  /**
   * Where each line starts, in an array of the exact size: every file with a finding builds
   * one, and an array grown line by line allocated three times its size on the way.
   */
  private lineStarts(): Uint32Array {
    if (!this.starts) {
      const text = this.text;
      if (text.includes('\r')) {
        // A lone CR ends a line too (line-breaks.ts), as the parser and the editor read it.
        const starts = [0];
        for (const m of text.matchAll(LINE_BREAK)) starts.push(m.index + m[0].length);
        this.starts = Uint32Array.from(starts);
      } else {
        let lines = 1;
        for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
        const starts = new Uint32Array(lines);
        let line = 1;
        for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts[line++] = i + 1;
        this.starts = starts;
      }
    }
    return this.starts;
  }

  position(offset: number): Position {
    const starts = this.lineStarts();
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] as number) + 1 };
  }

  range(start: number, end: number): Range {
    return { start: this.position(start), end: this.position(Math.max(start, end)) };
  }

  offset(position: Position): number {
    const starts = this.lineStarts();
    const lineStart = starts[Math.min(position.line - 1, starts.length - 1)] ?? 0;
    return Math.min(lineStart + position.column - 1, this.text.length);
  }

  get lineCount(): number {
    return this.lineStarts().length;
  }
}
