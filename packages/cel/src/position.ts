// Offsets after a source rewrite must still point at the characters the user typed.

export interface SourceRange {
  start: number;
  end: number;
}

interface Segment {
  out: number;
  len: number;
  src: number;
  srcEnd: number;
  copied: boolean;
}

export class SourceMapBuilder {
  #out = '';
  readonly #segments: Segment[] = [];

  copy(source: string, from: number, to: number): void {
    if (to <= from) return;
    this.#segments.push({ out: this.#out.length, len: to - from, src: from, srcEnd: to, copied: true });
    this.#out += source.slice(from, to);
  }

  // Text that does not exist in the source; it maps onto the source range that caused it.
  insert(text: string, srcStart: number, srcEnd: number): void {
    if (!text) return;
    this.#segments.push({ out: this.#out.length, len: text.length, src: srcStart, srcEnd, copied: false });
    this.#out += text;
  }

  build(): RewrittenSource {
    return new RewrittenSource(this.#out, this.#segments);
  }
}

export class RewrittenSource {
  constructor(
    readonly text: string,
    private readonly segments: readonly Segment[],
  ) {}

  #find(offset: number): Segment | undefined {
    let lo = 0;
    let hi = this.segments.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = this.segments[mid] as Segment;
      if (offset < s.out) hi = mid - 1;
      else if (offset >= s.out + s.len) lo = mid + 1;
      else return s;
    }
    return undefined;
  }

  toSource(range: SourceRange): SourceRange {
    const last = this.segments[this.segments.length - 1];
    const sourceEnd = last ? last.srcEnd : 0;
    const a = this.#find(range.start);
    const start = a ? (a.copied ? a.src + (range.start - a.out) : a.src) : sourceEnd;
    const b = this.#find(Math.max(range.start, range.end - 1));
    const end = b ? (b.copied ? b.src + (Math.max(range.end, range.start + 1) - b.out) : b.srcEnd) : sourceEnd;
    return { start, end: Math.max(start, range.end === range.start ? start : end) };
  }
}
