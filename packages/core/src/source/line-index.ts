import type { Position, Range } from '../diagnostics.js';
import { LINE_BREAK } from './line-breaks.js';

/** Turns character offsets into 1-based line/column positions (lines end at LF, CRLF or a lone CR); built on first use. */
export class LineIndex {
  private starts: number[] | undefined;

  constructor(private readonly text: string) {}

  private lineStarts(): number[] {
    if (!this.starts) {
      const starts = [0];
      const text = this.text;
      if (text.includes('\r')) {
        // A lone CR ends a line too (line-breaks.ts), as the parser and the editor read it.
        for (const m of text.matchAll(LINE_BREAK)) starts.push(m.index + m[0].length);
      } else {
        for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
      }
      this.starts = starts;
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
