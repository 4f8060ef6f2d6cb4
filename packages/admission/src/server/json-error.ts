// Where a JSON text goes wrong. V8's JSON.parse messages do not always carry a position
// ("Unexpected token 'x', "..." is not valid JSON"), and a client debugging its webhook
// call needs one, so on failure the text is scanned again by this small RFC 8259 reader.

export interface JsonSyntaxError {
  /** 0-based offset in UTF-16 code units. */
  offset: number;
  line: number;
  column: number;
  message: string;
}

class Stop extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

function describe(text: string, i: number): string {
  if (i >= text.length) return 'unexpected end of input';
  const c = text.codePointAt(i) as number;
  return c < 0x20
    ? `unexpected control character U+${c.toString(16).padStart(4, '0').toUpperCase()}`
    : `unexpected character ${JSON.stringify(String.fromCodePoint(c))}`;
}

/** The first syntax error of `text`, or undefined when it is valid JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const expect = (what: string) => {
    if (text.startsWith(what, i)) i += what.length;
    else throw new Stop(i, `${describe(text, i)}, expected ${what}`);
  };
  const digits = () => {
    const start = i;
    while (i < text.length && text[i]! >= '0' && text[i]! <= '9') i++;
    if (i === start) throw new Stop(i, `${describe(text, i)}, expected a digit`);
  };
  const string = () => {
    expect('"');
    for (;;) {
      if (i >= text.length) throw new Stop(i, 'unterminated string');
      const c = text[i]!;
      if (c === '"') {
        i++;
        return;
      }
      if (c < ' ') throw new Stop(i, `${describe(text, i)} in a string`);
      if (c === '\\') {
        const e = text[i + 1];
        if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
        else throw new Stop(i, 'invalid escape sequence in a string');
      } else i++;
    }
  };
  // Nesting is tracked with an explicit stack, so a deeply nested body cannot overflow ours.
  const value = () => {
    const stack: ('{' | '[')[] = [];
    for (;;) {
      ws();
      const c = text[i];
      let scalar = true;
      if (c === '{' || c === '[') {
        i++;
        ws();
        const close = c === '{' ? '}' : ']';
        if (text[i] === close) i++;
        else {
          stack.push(c);
          if (c === '{') {
            if (text[i] !== '"') throw new Stop(i, `${describe(text, i)}, expected a property name in double quotes or '}'`);
            string();
            ws();
            expect(':');
          }
          scalar = false;
        }
      } else if (c === '"') string();
      else if (c === 't') expect('true');
      else if (c === 'f') expect('false');
      else if (c === 'n') expect('null');
      else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
        if (c === '-') i++;
        if (text[i] === '0') i++;
        else digits();
        if (text[i] === '.') {
          i++;
          digits();
        }
        if (text[i] === 'e' || text[i] === 'E') {
          i++;
          if (text[i] === '+' || text[i] === '-') i++;
          digits();
        }
      } else throw new Stop(i, `${describe(text, i)}, expected a value`);
      if (!scalar) continue;
      // After a value: close containers or move to the next member.
      for (;;) {
        const top = stack[stack.length - 1];
        if (top === undefined) return;
        ws();
        const close = top === '{' ? '}' : ']';
        if (text[i] === close) {
          i++;
          stack.pop();
          continue;
        }
        if (text[i] !== ',') throw new Stop(i, `${describe(text, i)}, expected ',' or '${close}'`);
        i++;
        if (top === '{') {
          ws();
          if (text[i] !== '"') throw new Stop(i, `${describe(text, i)}, expected a property name in double quotes`);
          string();
          ws();
          expect(':');
        }
        break;
      }
    }
  };
  try {
    value();
    ws();
    if (i < text.length) throw new Stop(i, `${describe(text, i)} after the JSON value`);
    return undefined;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    let line = 1;
    let lineStart = 0;
    for (let k = 0; k < error.offset; k++) {
      if (text[k] === '\n') {
        line++;
        lineStart = k + 1;
      }
    }
    return { offset: error.offset, line, column: error.offset - lineStart + 1, message: error.reason };
  }
}
