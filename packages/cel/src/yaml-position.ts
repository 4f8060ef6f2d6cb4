// Maps an offset inside a YAML scalar's decoded value (where a CEL error points) back to
// the YAML source, through quoting, escapes, folding and block-scalar indentation.
import { CST, Parser } from 'yaml';
import { YAML_ESCAPES } from '@platlint/core';

type ScalarToken = CST.FlowScalar | CST.BlockScalar;

function findScalar(token: CST.Token | undefined): ScalarToken | undefined {
  if (!token) return undefined;
  switch (token.type) {
    case 'scalar':
    case 'single-quoted-scalar':
    case 'double-quoted-scalar':
    case 'block-scalar':
      return token;
    case 'document':
      return findScalar(token.value);
    default:
      return undefined;
  }
}

const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';

interface Decoded {
  value: string;
  /** Source offset (within the raw text) of each decoded character, plus one past the end. */
  offsets: number[];
}

// Plain and quoted scalars: lines are trimmed and joined; a single break folds to a space,
// each further empty line contributes a newline.
function decodeFlow(raw: string, style: 'plain' | 'single' | 'double'): Decoded {
  const open = style === 'plain' ? 0 : 1;
  const close = style === 'plain' ? raw.length : raw.length - 1;
  const value: string[] = [];
  const offsets: number[] = [];
  const push = (c: string, at: number): void => {
    value.push(c);
    offsets.push(at);
  };
  let i = open;
  let lineStart = true;
  while (i < close) {
    const c = raw[i] as string;
    if (c === '\n' || c === '\r') {
      // Drop trailing blanks of this line (they were pushed before we knew).
      while (
        value.length &&
        isBlank(value[value.length - 1]) &&
        offsets[offsets.length - 1] !== undefined &&
        raw[(offsets[offsets.length - 1] as number) - 1] !== '\\'
      ) {
        value.pop();
        offsets.pop();
      }
      const breakAt = i;
      let empties = 0;
      let j = i;
      for (;;) {
        j += raw[j] === '\r' && raw[j + 1] === '\n' ? 2 : 1;
        while (j < close && isBlank(raw[j])) j++;
        if (j < close && (raw[j] === '\n' || raw[j] === '\r')) {
          empties++;
          continue;
        }
        break;
      }
      if (empties === 0) push(' ', breakAt);
      else for (let k = 0; k < empties; k++) push('\n', breakAt);
      i = j;
      lineStart = true;
      continue;
    }
    if (lineStart && isBlank(c) && value.length > 0) {
      i++;
      continue;
    }
    lineStart = false;
    if (style === 'single' && c === "'" && raw[i + 1] === "'") {
      push("'", i);
      i += 2;
      continue;
    }
    if (style === 'double' && c === '\\') {
      const e = raw[i + 1] as string;
      if (e === '\n' || e === '\r') {
        // An escaped line break joins the lines without a space.
        i += e === '\r' && raw[i + 2] === '\n' ? 3 : 2;
        while (i < close && isBlank(raw[i])) i++;
        continue;
      }
      const hexLen = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
      if (hexLen) {
        const ch = String.fromCodePoint(parseInt(raw.slice(i + 2, i + 2 + hexLen), 16));
        for (let k = 0; k < ch.length; k++) push(ch[k] as string, i);
        i += 2 + hexLen;
        continue;
      }
      push(YAML_ESCAPES[e] ?? e, i);
      i += 2;
      continue;
    }
    push(c, i);
    i++;
  }
  if (style === 'plain') {
    while (value.length && isBlank(value[value.length - 1])) {
      value.pop();
      offsets.pop();
    }
  }
  offsets.push(offsets.length ? (offsets[offsets.length - 1] as number) + 1 : open);
  return { value: value.join(''), offsets };
}

function decodeBlock(raw: string, parentIndent: number): Decoded {
  const headerEnd = raw.indexOf('\n');
  const header = raw
    .slice(0, headerEnd < 0 ? raw.length : headerEnd)
    .replace(/\s+#.*$/, '')
    .trim();
  const folded = header.startsWith('>');
  const chomp = header.includes('-') ? 'strip' : header.includes('+') ? 'keep' : 'clip';
  const explicit = /[1-9]/.exec(header);
  const lines: { start: number; text: string }[] = [];
  let pos = headerEnd < 0 ? raw.length : headerEnd + 1;
  while (pos < raw.length) {
    const nl = raw.indexOf('\n', pos);
    const end = nl < 0 ? raw.length : nl;
    lines.push({ start: pos, text: raw.slice(pos, end).replace(/\r$/, '') });
    pos = end + 1;
  }
  let indent = explicit ? parentIndent + Number(explicit[0]) : 0;
  if (!explicit) {
    const first = lines.find((l) => l.text.trim() !== '');
    indent = first ? first.text.length - first.text.trimStart().length : 0;
  }
  const value: string[] = [];
  const offsets: number[] = [];
  const push = (c: string, at: number): void => {
    value.push(c);
    offsets.push(at);
  };
  let prevMoreIndented = false;
  let pendingBreak: number | null = null;
  let emptyRun: number[] = [];
  let seenContent = false;
  for (const line of lines) {
    const content = line.text.length > indent ? line.text.slice(indent) : '';
    if (content.trim() === '' && line.text.trim() === '') {
      emptyRun.push(line.start + Math.min(indent, line.text.length));
      continue;
    }
    const moreIndented = isBlank(content[0]);
    if (pendingBreak !== null) {
      if (folded && seenContent && !moreIndented && !prevMoreIndented && emptyRun.length === 0) push(' ', pendingBreak);
      else if (folded && seenContent && !moreIndented && !prevMoreIndented) for (const at of emptyRun) push('\n', at);
      else {
        push('\n', pendingBreak);
        for (const at of emptyRun) push('\n', at);
      }
    } else {
      for (const at of emptyRun) push('\n', at);
    }
    emptyRun = [];
    for (let k = 0; k < content.length; k++) push(content[k] as string, line.start + indent + k);
    pendingBreak = line.start + indent + content.length;
    prevMoreIndented = moreIndented;
    seenContent = true;
  }
  if (pendingBreak !== null && chomp !== 'strip') {
    push('\n', pendingBreak);
    if (chomp === 'keep') for (const at of emptyRun) push('\n', at);
  }
  offsets.push(offsets.length ? (offsets[offsets.length - 1] as number) + 1 : raw.length);
  return { value: value.join(''), offsets };
}

export interface YamlScalarSource {
  /** The scalar's raw text as written in the file (from its first character, including quotes or the block header). */
  source: string;
  /** Offset of that text in the file. */
  offset: number;
  /** Indentation of the parent node, for block scalars with an explicit indentation indicator. */
  parentIndent?: number;
}

/**
 * Map an offset in the scalar's decoded value to an offset in the YAML file.
 * Falls back to clamping inside the token when the scalar cannot be decoded.
 */
export function yamlValueOffsetToSource(scalar: YamlScalarSource, valueOffset: number): number {
  const decoded = decodeScalar(scalar);
  if (!decoded) return scalar.offset + Math.min(Math.max(0, valueOffset), scalar.source.length);
  const i = Math.min(Math.max(0, valueOffset), decoded.offsets.length - 1);
  return scalar.offset + (decoded.offsets[i] as number);
}

/** Map a `{start, end}` range in the decoded value to a range in the YAML file. */
export function yamlValueRangeToSource(
  scalar: YamlScalarSource,
  range: { start: number; end: number },
): { start: number; end: number } {
  const start = yamlValueOffsetToSource(scalar, range.start);
  if (range.end <= range.start) return { start, end: start };
  const last = yamlValueOffsetToSource(scalar, range.end - 1);
  return { start, end: Math.max(start, last + 1) };
}

const cache = new Map<string, Decoded | null>();

function decodeScalar(scalar: YamlScalarSource): Decoded | null {
  const key = `${scalar.parentIndent ?? 0}\u0000${scalar.source}`;
  if (cache.has(key)) return cache.get(key) as Decoded | null;
  let result: Decoded | null = null;
  const tokens = [...new Parser().parse(scalar.source)];
  const token = findScalar(tokens.find((t) => t.type === 'document') ?? tokens[0]);
  if (token) {
    const style =
      token.type === 'block-scalar'
        ? 'block'
        : token.type === 'single-quoted-scalar'
          ? 'single'
          : token.type === 'double-quoted-scalar'
            ? 'double'
            : 'plain';
    const decoded =
      style === 'block' ? decodeBlock(scalar.source, scalar.parentIndent ?? 0) : decodeFlow(scalar.source.trimEnd(), style);
    // Trust our map only when it reproduces the value the yaml library resolves.
    const resolved = scalar.parentIndent ? null : CST.resolveAsScalar(token as CST.FlowScalar | CST.BlockScalar);
    result = !resolved || resolved.value === decoded.value ? decoded : null;
  }
  if (cache.size > 512) cache.clear();
  cache.set(key, result);
  return result;
}
