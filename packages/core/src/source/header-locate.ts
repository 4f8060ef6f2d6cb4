/**
 * Where a top-level field of a document read values first stands, found on the document's
 * first lines instead of its syntax tree. Most findings of a lint that are not structural sit
 * on `apiVersion` or `kind` (a kind platlint does not check, a deprecated or unserved one), and
 * parsing a whole document's tree for one of them was most of what placing it cost: a quarter
 * of a lint of the real-world corpus.
 *
 * It answers only for a plain header, where the span is certain to be the one the syntax
 * tree gives (cst-locate.ts spanOf of the key or value scalar): the field's line is
 * `key: value` at column 0 with a bare key and a one-word value, plain or quoted without
 * escapes, then optional spaces and a comment, before the line's end (a CR of a CRLF line
 * break included); the field's written value is the string the document's value holds for it
 * (so it is that key's scalar, on one line, read as a string); and each line before it is
 * blank, a comment at column 0, its `---` (trailing spaces or a comment after it allowed),
 * indented (the content of a field above: a nested block, a block scalar, a continued
 * scalar), a list entry at column 0 (`- `, a field's list written at the key's column), or
 * another top-level field (a bare key and its colon at column 0). Lists written that way and
 * kubectl's sorted keys put `kind` after `data:` or `items:`, whose content can be most of the
 * document. A line at column 0 is never inside a field above it in a document read without a
 * problem: the content of a block value is indented, and a scalar or flow collection
 * continued at column 0 is an error to the reader of record (and sends a file to it from the
 * values-first read, values-only-read.ts); a document that is one flow collection starts with
 * a line of none of these forms. A quoted scalar's span takes its quotes in, as the tree's
 * token does. Anything else is left to the syntax tree. header-locate.test.ts compares every
 * answer with the tree on the real-world corpus and the examples, and the differential test
 * (test/values-first.test.ts) every finding's position with the reader of record's.
 */

/**
 * `key: value` at column 0: a bare key, one space or more, a one-word value (plain, or in
 * double or single quotes: `"v1"`; no escapes, so the text between the quotes is the value),
 * and the line's end, after spaces and a comment (` # ...`) if any, and the CR of a CRLF. The
 * `d` flag gives where the value stands on the line.
 */
const HEADER_LINE =
  /^([A-Za-z][A-Za-z0-9_.-]*):[ ]+(?:([A-Za-z0-9][A-Za-z0-9_./-]*)|"([A-Za-z0-9][A-Za-z0-9_./-]*)"|'([A-Za-z0-9][A-Za-z0-9_./-]*)')(?:[ ]+(?:#.*)?)?\r?$/d;

/** A line of no content: blank, a comment at column 0, or the document's `---` with spaces or a comment after it. */
const NOTHING_LINE = /^(?:#.*|---(?:[ ]+(?:#.*)?)?)?\r?$/;

/** A top-level field whose value is not one word (a nested block, a list, a block scalar, a longer scalar): a bare key and its colon at column 0. */
const FIELD_LINE = /^([A-Za-z][A-Za-z0-9_.-]*):(?:[ ].*)?\r?$/;

/** A list entry at column 0 (`- item`, or `-` alone), written at the column of the key it belongs to. */
const ENTRY_LINE = /^-(?:[ ].*)?\r?$/;

const SPACE = 0x20;

export interface HeaderSpan {
  start: number;
  end: number;
  exact: true;
}

/**
 * The span of `key` (target `key`) or of its value (target `value`) in the document at
 * `start`..`end` of `text`, whose value is `value`; undefined when the header is not plain
 * enough to be sure.
 */
export function headerFieldSpan(
  text: string,
  start: number,
  end: number,
  value: unknown,
  key: string,
  target: 'key' | 'value',
): HeaderSpan | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
  const written = (value as Record<string, unknown>)[key];
  if (typeof written !== 'string') return undefined;
  for (let at = start; at < end;) {
    let lineEnd = text.indexOf('\n', at);
    if (lineEnd === -1 || lineEnd > end) lineEnd = end;
    // Indented lines are the content of a field above; they are passed over unread.
    if (text.charCodeAt(at) === SPACE) {
      at = lineEnd + 1;
      continue;
    }
    const line = text.slice(at, lineEnd);
    const match = HEADER_LINE.exec(line);
    if (!match) {
      if (!NOTHING_LINE.test(line) && !ENTRY_LINE.test(line) && !FIELD_LINE.test(line)) return undefined;
      at = lineEnd + 1;
      continue;
    }
    if (match[1] === key) {
      const plain = match[2] !== undefined;
      if ((match[2] ?? match[3] ?? match[4]) !== written) return undefined;
      if (target === 'key') return { start: at, end: at + key.length, exact: true };
      // The value's group, widened by its quotes when it is quoted.
      const [from, to] = match.indices?.[plain ? 2 : match[3] !== undefined ? 3 : 4] as [number, number];
      return plain ? { start: at + from, end: at + to, exact: true } : { start: at + from - 1, end: at + to + 1, exact: true };
    }
    at = lineEnd + 1;
  }
  return undefined;
}

/**
 * The span of the first key of the document at `start`..`end` of `text`, when its first line
 * of content is a top-level field (a bare key and its colon at column 0), after blank lines,
 * comments at column 0 and its `---`; undefined otherwise. That key is the first item's key of
 * the document's block mapping in its syntax tree, where a finding about the document as a
 * whole is placed (SourceFile.locateParentKey): read here, the tree of a document no other
 * finding needs is not parsed for it.
 */
export function firstKeySpan(text: string, start: number, end: number): { start: number; end: number } | undefined {
  for (let at = start; at < end;) {
    let lineEnd = text.indexOf('\n', at);
    if (lineEnd === -1 || lineEnd > end) lineEnd = end;
    const line = text.slice(at, lineEnd);
    if (!NOTHING_LINE.test(line)) {
      const key = FIELD_LINE.exec(line)?.[1];
      return key === undefined ? undefined : { start: at, end: at + key.length };
    }
    at = lineEnd + 1;
  }
  return undefined;
}
