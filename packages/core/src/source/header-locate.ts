/**
 * Where a top-level field of a document read values first stands, found on the document's
 * first lines instead of its syntax tree. Most findings of a lint that are not structural sit
 * on `apiVersion` or `kind` (a kind platlint does not check, a deprecated or unserved one), and
 * parsing a whole document's tree for one of them was most of what placing it cost: a quarter
 * of a lint of the real-world corpus.
 *
 * It answers only for the plainest header, where the span is certain to be the one the syntax
 * tree gives (cst-locate.ts spanOf of the key or value scalar): the document's lines up to the
 * field are each blank, a comment at column 0, its `---`, or `key: value` at column 0 with a
 * bare key and a one-word plain value, and the field's written value is the string the
 * document's value holds for it (so it is that key's scalar, on one line, read as a string).
 * Anything else is left to the syntax tree. The differential test (test/values-first.test.ts)
 * compares every finding's position with the reader of record's.
 */

/** `key: value` at column 0: a bare key, one space or more, a plain one-word value, and the line's end. */
const HEADER_LINE = /^([A-Za-z][A-Za-z0-9_.-]*):[ ]+([A-Za-z0-9][A-Za-z0-9_./-]*)$/;

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
    if (line === '' || line === '---' || line.startsWith('#')) {
      at = lineEnd + 1;
      continue;
    }
    const match = HEADER_LINE.exec(line);
    if (!match) return undefined;
    if (match[1] === key) {
      if (match[2] !== written) return undefined;
      return target === 'key'
        ? { start: at, end: at + key.length, exact: true }
        : { start: lineEnd - written.length, end: lineEnd, exact: true };
    }
    at = lineEnd + 1;
  }
  return undefined;
}
