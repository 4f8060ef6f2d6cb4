// Seeded mutations of YAML text, for the tests that attack the parser and the doors with
// damaged input: the same seed gives the same mutations on every run.

/** A small seeded generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The texts a character insertion puts in: YAML's indicators and a few tricky scalars. */
export const INSERTS = [' ', '  ', ':', ': ', '-', '- ', '#', ' #', '"', "'", '\n', '[', ']', '{', '}', ',', '&a ', '*a', '!!str ', '|', '>', '? ', '\\', 'yes', '~', '<<: '];

/** One edit: `kind` is the case of `mutate`; `token` the inserted text's index in INSERTS (kind 1). */
export interface Shape {
  kind: number;
  token: number;
}

/**
 * One line-level mutation: indentation, an inserted or removed character, a line repeated,
 * swapped or dropped. Random, unless `shape` says which edit.
 */
export function mutate(text: string, next: () => number, shape?: Shape): string {
  const lines = text.split('\n');
  const at = Math.floor(next() * lines.length);
  const line = lines[at] ?? '';
  switch (shape?.kind ?? Math.floor(next() * 6)) {
    case 0: // indentation off by one or two
      lines[at] = next() < 0.5 ? ` ${line}` : line.replace(/^ {1,2}/, '');
      break;
    case 1: // a character inserted
      {
        const col = Math.floor(next() * (line.length + 1));
        lines[at] = line.slice(0, col) + INSERTS[shape?.token ?? Math.floor(next() * INSERTS.length)] + line.slice(col);
      }
      break;
    case 2: // a character removed
      {
        const col = Math.floor(next() * line.length);
        lines[at] = line.slice(0, col) + line.slice(col + 1);
      }
      break;
    case 3: // a line repeated
      lines.splice(at, 0, line);
      break;
    case 4: // two lines swapped
      lines[at] = lines[at + 1] ?? line;
      if (at + 1 < lines.length) lines[at + 1] = line;
      break;
    default: // a line dropped
      lines.splice(at, 1);
  }
  return lines.join('\n');
}

/** One byte-level mutation of the encoded text: a byte flipped, inserted (any value, NUL and invalid UTF-8 included) or removed. */
export function mutateBytes(bytes: Uint8Array, next: () => number): Uint8Array {
  const at = Math.floor(next() * (bytes.length + 1));
  const byte = Math.floor(next() * 256);
  switch (Math.floor(next() * 3)) {
    case 0: {
      const out = Uint8Array.from(bytes);
      if (at < out.length) out[at] = (out[at] as number) ^ (1 << Math.floor(next() * 8));
      return out;
    }
    case 1: {
      const out = new Uint8Array(bytes.length + 1);
      out.set(bytes.subarray(0, at));
      out[at] = byte;
      out.set(bytes.subarray(at), at + 1);
      return out;
    }
    default: {
      const out = new Uint8Array(Math.max(0, bytes.length - 1));
      out.set(bytes.subarray(0, at));
      out.set(bytes.subarray(at + 1), at);
      return out;
    }
  }
}
