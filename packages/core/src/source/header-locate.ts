/**
 * Where a top-level field of a document read values first stands, found on the document's
 * first lines instead of its syntax tree. Most findings of a lint that are not structural sit
 * on `apiVersion` or `kind` (a kind platlint does not check, a deprecated or unserved one), and
 * parsing a whole document's tree for one of them was most of what placing it cost: a quarter
 * of a lint of the real-world corpus.
 *
 * It answers only for the plainest header, where the span is certain to be the one the syntax
 * tree gives (cst-locate.ts spanOf of the key or value scalar): the document's lines up to the
 * field are each blank, a comment at column 0, its `---` (trailing spaces or a comment after
 * it allowed), or `key: value` at column 0 with a bare key and a one-word value, plain or
 * quoted without escapes, then optional spaces and a comment, before the line's end (a CR of
 * a CRLF line break included); and the field's written value is the string the document's
 * value holds for it (so it is that key's scalar, on one line, read as a string). A quoted
 * scalar's span takes its quotes in, as the tree's token does.
 * Anything else is left to the syntax tree. The differential test (test/values-first.test.ts)
 * compares every finding's position with the reader of record's.
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

/** Lines a header may have before the field: apiVersion, kind and a few comments. */
const MOST_LINES = 16;

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
  let at = start;
  for (let n = 0; n < MOST_LINES && at < end; n++) {
    let lineEnd = text.indexOf('\n', at);
    if (lineEnd === -1 || lineEnd > end) lineEnd = end;
    const line = text.slice(at, lineEnd);
    if (NOTHING_LINE.test(line)) {
      at = lineEnd + 1;
      continue;
    }
    const match = HEADER_LINE.exec(line);
    if (!match) return undefined;
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
