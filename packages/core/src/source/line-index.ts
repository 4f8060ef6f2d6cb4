import type { Position, Range } from '../diagnostics.js';
import { LINE_BREAK } from './line-breaks.js';

/** Turns character offsets into 1-based line/column positions (lines end at LF, CRLF or a lone CR); built on first use. */
export class LineIndex {
  /** Where each line starts, as far as the text has been read for line breaks (`known` of them). */
  private starts: Uint32Array | undefined;
  private known = 0;
  /** Where the search for the next line break goes on; -1 once the whole text is indexed. */
  private searchFrom = 0;

  constructor(private readonly text: string) {}

  /**
   * The line starts, read as far as `offset` (the whole text by default): a file with a
   * finding needs the lines up to its findings, and most have one or two, in one of many
   * documents. LF texts are read with indexOf into an array that doubles as it fills (one
   * grown entry by entry allocated three times its size); a text with a CR is indexed whole
   * at once, a lone CR ending a line too (line-breaks.ts), as the parser and the editor read it.
   */
  private lineStarts(offset = Infinity): Uint32Array {
    if (!this.starts) {
      if (this.text.includes('\r')) {
        const all = [0];
        for (const m of this.text.matchAll(LINE_BREAK)) all.push(m.index + m[0].length);
        this.known = all.length;
        this.searchFrom = -1;
        return (this.starts = Uint32Array.from(all));
      }
      this.starts = new Uint32Array(Math.max(16, this.text.length >> 6));
      this.known = 1;
    }
    let starts: Uint32Array = this.starts;
    while (this.searchFrom !== -1 && this.searchFrom <= offset) {
      const lineBreak = this.text.indexOf('\n', this.searchFrom);
      if (lineBreak === -1) {
        this.searchFrom = -1;
        break;
      }
      if (this.known === starts.length) {
        const grown = new Uint32Array(starts.length * 2);
        grown.set(starts);
        starts = grown;
      }
      starts[this.known++] = lineBreak + 1;
      this.searchFrom = lineBreak + 1;
    }
    return (this.starts = starts);
  }

  position(offset: number): Position {
    const starts = this.lineStarts(offset);
    let lo = 0;
    let hi = this.known - 1;
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
    const lineStart = starts[Math.min(position.line - 1, this.known - 1)] ?? 0;
    return Math.min(lineStart + position.column - 1, this.text.length);
  }

  get lineCount(): number {
    this.lineStarts();
    return this.known;
  }
}
