/**
 * The structure of block-style YAML read from indentation alone. Hover, completion and
 * quick fixes work on text that is often incomplete (a key half typed, a value missing), which
 * a parser rejects or reads differently; indentation still says where the cursor is. Only the
 * lines of the YAML document around the cursor are read, so the cost does not grow with the
 * size of the file.
 */
import type { FieldPath, PathSegment } from '@platlint/core';

export interface Lines {
  readonly count: number;
  line(index: number): string;
}

export function linesOf(text: string): Lines {
  // Lines as the protocol counts them: LF, CRLF or a lone CR (old Mac files) ends one.
  const all = text.split(/\r\n|\r|\n/);
  return { count: all.length, line: (i) => all[i] ?? '' };
}

export interface LineInfo {
  /** Column of the first character that is not a space. */
  indent: number;
  blank: boolean;
  /** Blank, a comment, or a document marker: no structure. */
  empty: boolean;
  /** Columns of the `- ` sequence indicators that start the line. */
  dashes: number[];
  /** The mapping key of the line, if it has one (after its dashes). */
  key?: string;
  keyStart?: number;
  keyEnd?: number;
  /** The value after `key:` without a trailing comment; '' when none. */
  value?: string;
  valueStart?: number;
  /** The value is a block scalar header (`|`, `>-`, ...): the lines below are text. */
  blockScalar?: boolean;
}

const MARKER = /^(---|\.\.\.)(\s|$)/;
const KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{}[\],&*!|>%@`][^#]*?)[ \t]*:(?=[ \t]|$)/;
const BLOCK_HEADER = /^(?:[&!][^\s]*\s+)*[|>][0-9+-]*\s*(#.*)?$/;

export function parseLine(text: string): LineInfo {
  const indent = text.length - text.trimStart().length;
  const blank = text.trim() === '';
  const info: LineInfo = { indent, blank, empty: blank || text[indent] === '#' || MARKER.test(text), dashes: [] };
  if (info.empty) return info;
  let at = indent;
  while (text[at] === '-' && (at + 1 === text.length || text[at + 1] === ' ')) {
    info.dashes.push(at);
    at++;
    while (text[at] === ' ') at++;
  }
  const match = KEY.exec(text.slice(at));
  if (match) {
    const raw = match[1] as string;
    info.key = raw.startsWith('"') ? safeJson(raw) : raw.startsWith("'") ? raw.slice(1, -1).replace(/''/g, "'") : raw;
    info.keyStart = at;
    info.keyEnd = at + raw.length;
    let valueStart = at + match[0].length;
    while (text[valueStart] === ' ' || text[valueStart] === '\t') valueStart++;
    info.valueStart = valueStart;
    info.value = stripComment(text.slice(valueStart)).trimEnd();
    info.blockScalar = BLOCK_HEADER.test(text.slice(valueStart));
  }
  return info;
}

function safeJson(raw: string): string {
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.slice(1, -1);
  }
}

/** Drops a ` # comment` that is outside quotes. */
function stripComment(value: string): string {
  let quote = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || value[i - 1] === ' ' || value[i - 1] === '\t')) return value.slice(0, i);
  }
  return value;
}

/** The plain form of a scalar as written: quotes removed. */
export function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return safeJson(v);
  if (v.length >= 2 && v.startsWith("'") && v.endsWith("'")) return v.slice(1, -1).replace(/''/g, "'");
  return v;
}

/** Lines `[start, end)` of the YAML document holding `line`, with its index in the file. */
export interface DocumentSpan {
  start: number;
  end: number;
  index: number;
}

/** Every document of the text, in order (a file without markers is one document). */
export function documentSpans(lines: Lines): DocumentSpan[] {
  const spans: DocumentSpan[] = [];
  let start = 0;
  let content = false;
  for (let i = 0; i < lines.count; i++) {
    const text = lines.line(i);
    if (text.startsWith('---') && MARKER.test(text)) {
      if (content || spans.length > 0) spans.push({ start, end: i, index: spans.length });
      start = i;
      content = false;
    } else if (!content && text.trim() !== '' && !text.trimStart().startsWith('#')) content = true;
  }
  spans.push({ start, end: lines.count, index: spans.length });
  return spans;
}

/** The document around one line, found by scanning out to the nearest markers only. */
export function documentAt(lines: Lines, line: number): { start: number; end: number } {
  let start = 0;
  for (let i = Math.min(line, lines.count - 1); i >= 0; i--) {
    if (MARKER.test(lines.line(i))) {
      start = i;
      break;
    }
  }
  let end = lines.count;
  for (let i = line + 1; i < lines.count; i++) {
    if (MARKER.test(lines.line(i))) {
      end = i;
      break;
    }
  }
  return { start, end };
}

/** The top-level `apiVersion` and `kind` of the document, as written. */
export interface DocumentHeader {
  apiVersion?: string;
  kind?: string;
  kindLine?: number;
  name?: string;
  namespace?: string;
  nameLine?: number;
}

export function documentHeader(lines: Lines, span: { start: number; end: number }): DocumentHeader {
  const header: DocumentHeader = {};
  let inMetadata = false;
  for (let i = span.start; i < span.end; i++) {
    const text = lines.line(i);
    const info = parseLine(MARKER.test(text) ? text.replace(/^---\s*/, '') : text);
    if (info.empty || info.key === undefined) continue;
    if (info.indent === 0 && info.dashes.length === 0) {
      inMetadata = info.key === 'metadata';
      if (info.key === 'apiVersion') header.apiVersion = unquote(info.value ?? '');
      else if (info.key === 'kind') {
        header.kind = unquote(info.value ?? '');
        header.kindLine = i;
      }
    } else if (inMetadata && info.dashes.length === 0 && (info.key === 'name' || info.key === 'namespace')) {
      if (!isDirectChild(lines, span.start, i, info.indent)) continue;
      if (info.key === 'name') {
        header.name = unquote(info.value ?? '');
        header.nameLine = i;
      } else header.namespace = unquote(info.value ?? '');
    }
  }
  return header;
}

/** True when the line at `indent` is a key of the first-level mapping of its top-level key. */
function isDirectChild(lines: Lines, docStart: number, line: number, indent: number): boolean {
  for (let i = line - 1; i >= docStart; i--) {
    const info = parseLine(lines.line(i));
    if (info.empty) continue;
    if (info.indent === 0) return true;
    if (info.indent < indent) return false;
  }
  return false;
}

/**
 * The path of the collection that holds content starting at `column` on `line`: walks up
 * to each line that opens a level (a key with less indentation, a `- ` item), counting
 * items of sequences on the way.
 */
export function containerPath(lines: Lines, docStart: number, line: number, column: number, item = false): PathSegment[] {
  const path: PathSegment[] = [];
  let cur = column;
  // A sequence may sit at the same indentation as the key that holds it (`key:\n- item`):
  // then a key at the item's column is its parent. `item` says the content is a `- ` item.
  let afterItem = item;
  for (let i = line - 1; i >= docStart && (cur > 0 || afterItem); i--) {
    const info = parseLine(lines.line(i));
    if (info.empty) continue;
    if (
      info.key !== undefined &&
      info.keyStart !== undefined &&
      (info.keyStart < cur || (afterItem && info.keyStart === cur && info.dashes.length === 0))
    ) {
      path.push(info.key);
      cur = info.keyStart;
      afterItem = false;
    } else if (info.indent < cur && info.dashes.length === 0 && info.key === undefined) {
      // A line of a multi-line scalar or flow collection: not a level of its own.
      continue;
    }
    for (let d = info.dashes.length - 1; d >= 0; d--) {
      const dash = info.dashes[d] as number;
      if (dash < cur) {
        path.push(itemIndex(lines, docStart, i, dash));
        cur = dash;
        afterItem = true;
      }
    }
  }
  return path.reverse();
}

/** Which item of its sequence the `- ` at `column` on `line` starts. */
export function itemIndex(lines: Lines, docStart: number, line: number, column: number): number {
  let index = 0;
  for (let i = line - 1; i >= docStart; i--) {
    const info = parseLine(lines.line(i));
    if (info.empty) continue;
    if (info.indent < column) break;
    if (info.indent === column) {
      if (info.dashes[0] === column) index++;
      else break;
    }
  }
  return index;
}

/** The full path of the key on a line (its container, its items, the key). */
export function keyPath(
  lines: Lines,
  docStart: number,
  line: number,
  info: LineInfo = parseLine(lines.line(line)),
): PathSegment[] | undefined {
  if (info.key === undefined) return undefined;
  const path = containerPath(lines, docStart, line, info.indent, info.dashes.length > 0);
  for (const dash of info.dashes) path.push(itemIndex(lines, docStart, line, dash));
  path.push(info.key);
  return path;
}

/**
 * The block scalar (`key: |`) whose text holds `line`, if any: its key's line and path. Walks
 * up through lines of shrinking indentation until one opens a level.
 */
export function enclosingBlockScalar(
  lines: Lines,
  docStart: number,
  line: number,
): { line: number; path: FieldPath } | undefined {
  const here = parseLine(lines.line(line));
  let cur = here.blank ? Number.MAX_SAFE_INTEGER : here.indent;
  for (let i = line - 1; i >= docStart; i--) {
    const info = parseLine(lines.line(i));
    if (info.blank || info.indent >= cur) continue;
    if (info.key !== undefined && info.blockScalar) return { line: i, path: keyPath(lines, docStart, i, info) as FieldPath };
    if (info.empty) continue;
    if (info.key !== undefined && info.value === '') return undefined;
    if (info.indent === 0) return undefined;
    cur = info.indent;
  }
  return undefined;
}

/** Keys already present in the mapping that holds content at `column` on `line`. */
export function siblingKeys(lines: Lines, docStart: number, docEnd: number, line: number, column: number): Set<string> {
  const keys = new Set<string>();
  const take = (info: LineInfo): void => {
    if (info.key !== undefined && info.keyStart === column) keys.add(info.key);
  };
  for (let i = line - 1; i >= docStart; i--) {
    const info = parseLine(lines.line(i));
    if (info.empty || info.indent > column) continue;
    take(info);
    // The line that starts our item, or any line of a lower level, ends the mapping.
    if (info.indent < column || info.dashes.length > 0) break;
  }
  for (let i = line + 1; i < docEnd; i++) {
    const info = parseLine(lines.line(i));
    if (info.empty || info.indent > column) continue;
    if (info.indent < column || info.dashes.length > 0) break;
    take(info);
  }
  return keys;
}
