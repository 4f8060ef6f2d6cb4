// A reader for protobuf text format, enough for the CEL conformance data files.

export type TextValue = string | number | boolean | Uint8Array | TextMessage | { enum: string };

export class TextMessage {
  readonly fields: [string, TextValue][] = [];

  get(name: string): TextValue | undefined {
    return this.fields.find(([k]) => k === name)?.[1];
  }

  all(name: string): TextValue[] {
    return this.fields.filter(([k]) => k === name).map(([, v]) => v);
  }

  message(name: string): TextMessage | undefined {
    const v = this.get(name);
    return v instanceof TextMessage ? v : undefined;
  }

  messages(name: string): TextMessage[] {
    return this.all(name).filter((v): v is TextMessage => v instanceof TextMessage);
  }
}

const SIMPLE_ESCAPES: Record<string, number> = {
  n: 10,
  t: 9,
  r: 13,
  a: 7,
  b: 8,
  f: 12,
  v: 11,
  '\\': 92,
  "'": 39,
  '"': 34,
  '?': 63,
};

function decodeString(src: string, start: number): { bytes: number[]; end: number } {
  const quote = src[start];
  const bytes: number[] = [];
  const enc = new TextEncoder();
  let i = start + 1;
  while (i < src.length && src[i] !== quote) {
    const c = src[i] as string;
    if (c !== '\\') {
      const cp = src.codePointAt(i) as number;
      const ch = String.fromCodePoint(cp);
      bytes.push(...enc.encode(ch));
      i += ch.length;
      continue;
    }
    const e = src[i + 1] as string;
    if (e in SIMPLE_ESCAPES) {
      bytes.push(SIMPLE_ESCAPES[e] as number);
      i += 2;
    } else if (/[0-7]/.test(e)) {
      let j = i + 1;
      while (j < i + 4 && /[0-7]/.test(src[j] ?? '')) j++;
      bytes.push(parseInt(src.slice(i + 1, j), 8) & 0xff);
      i = j;
    } else if (e === 'x' || e === 'X') {
      let j = i + 2;
      while (j < i + 4 && /[0-9a-fA-F]/.test(src[j] ?? '')) j++;
      bytes.push(parseInt(src.slice(i + 2, j), 16));
      i = j;
    } else if (e === 'u' || e === 'U') {
      const n = e === 'u' ? 4 : 8;
      bytes.push(...enc.encode(String.fromCodePoint(parseInt(src.slice(i + 2, i + 2 + n), 16))));
      i += 2 + n;
    } else {
      throw new Error(`unknown escape \\${e} at ${i}`);
    }
  }
  return { bytes, end: i + 1 };
}

class Reader {
  pos = 0;
  constructor(readonly src: string) {}

  skip(): void {
    for (;;) {
      while (this.pos < this.src.length && /[\s,;]/.test(this.src[this.pos] as string)) this.pos++;
      if (this.src[this.pos] !== '#') return;
      while (this.pos < this.src.length && this.src[this.pos] !== '\n') this.pos++;
    }
  }

  peek(): string {
    this.skip();
    return this.src[this.pos] ?? '';
  }

  ident(): string {
    this.skip();
    const m = /^[A-Za-z_][A-Za-z0-9_.]*|^\[[^\]]*\]/.exec(this.src.slice(this.pos));
    if (!m) throw new Error(`expected a field name at ${this.pos}: ${this.src.slice(this.pos, this.pos + 20)}`);
    this.pos += m[0].length;
    return m[0];
  }

  message(close: string | null): TextMessage {
    const msg = new TextMessage();
    for (;;) {
      const c = this.peek();
      if (c === '' && close === null) return msg;
      if (c === close) {
        this.pos++;
        return msg;
      }
      const name = this.ident();
      if (this.peek() === ':') this.pos++;
      const next = this.peek();
      if (next === '[') {
        this.pos++;
        while (this.peek() !== ']') msg.fields.push([name, this.value()]);
        this.pos++;
      } else {
        msg.fields.push([name, this.value()]);
      }
    }
  }

  value(): TextValue {
    const c = this.peek();
    if (c === '{' || c === '<') {
      this.pos++;
      return this.message(c === '{' ? '}' : '>');
    }
    if (c === '"' || c === "'") {
      const bytes: number[] = [];
      while (this.peek() === '"' || this.peek() === "'") {
        const r = decodeString(this.src, this.pos);
        bytes.push(...r.bytes);
        this.pos = r.end;
      }
      return new Uint8Array(bytes);
    }
    const m = /^-?[A-Za-z0-9_.+-]+/.exec(this.src.slice(this.pos));
    if (!m) throw new Error(`unexpected input at ${this.pos}`);
    this.pos += m[0].length;
    const t = m[0];
    if (t === 'true' || t === 'True') return true;
    if (t === 'false' || t === 'False') return false;
    if (/^-?(inf|infinity)$/i.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
    if (/^nan$/i.test(t)) return NaN;
    if (/^-?[0-9]/.test(t)) return t;
    return { enum: t };
  }
}

export function parseTextProto(src: string): TextMessage {
  return new Reader(src).message(null);
}

export function text(v: TextValue | undefined): string | undefined {
  if (v instanceof Uint8Array) return new TextDecoder().decode(v);
  if (typeof v === 'string') return v;
  return undefined;
}
