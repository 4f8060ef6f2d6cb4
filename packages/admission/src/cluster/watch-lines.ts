// A watch answers with one JSON event per line, for as long as it stays open. Lines are cut
// out of the stream as they complete; the unfinished one is held with a ceiling, so a line
// that never ends cannot grow the webhook's memory without bound.
export class LineTooLong extends Error {}

export class LineSplitter {
  private held: Buffer[] = [];
  private heldBytes = 0;

  constructor(private readonly maxLineBytes: number) {}

  /** The lines `chunk` completes (without their newline); throws LineTooLong past the ceiling. */
  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a, start)) {
      this.hold(chunk.subarray(start, nl));
      lines.push(Buffer.concat(this.held, this.heldBytes).toString('utf8'));
      this.held = [];
      this.heldBytes = 0;
      start = nl + 1;
    }
    if (start < chunk.length) this.hold(chunk.subarray(start));
    return lines;
  }

  private hold(part: Buffer): void {
    this.heldBytes += part.length;
    if (this.heldBytes > this.maxLineBytes) {
      this.held = [];
      throw new LineTooLong(`an event line longer than ${this.maxLineBytes} bytes`);
    }
    this.held.push(part);
  }
}
