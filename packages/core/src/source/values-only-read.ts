import { FAILSAFE_SCHEMA, Type, load } from 'js-yaml';
import { scanBlocks } from './block-scan.js';
import { resolvePlain } from './fast-compose.js';
import { LONGEST_KEY, type LoadedDocument } from './loaded-document.js';
import { MAX_NESTING } from './nesting.js';
import { setOwn } from './own-property.js';

/**
 * The first stage of reading a file: its documents' values, and nothing else. Most files
 * have no finding, so most never need a source position; building the `yaml` package's
 * syntax tree for each of them costs about eight times what a plain YAML loader takes to
 * make the same values. This stage loads each document with js-yaml (pinned, see
 * docs/architecture.md) and says where the documents start and end, so that a document
 * with a finding is parsed again alone, by the reader of record, for its positions
 * (source-file.ts, ReadDocument).
 *
 * It answers only where it is sure to agree with the reader of record (`yaml` with the
 * platform's schema, yaml-schema.ts): plain scalars are resolved by the same function
 * (fast-compose.ts resolvePlain), and a text with anything it does not read the same way
 * gets undefined, so that the whole file goes to the reader of record. A differential test
 * (test/values-first.test.ts) holds it to that over real, generated and mutated files and
 * seeded token soup, findings and their positions included.
 */

/** Thrown while loading: the document holds what only the reader of record may read (or is nested past the limit). */
class NotForThisStage extends Error {}

export type { LoadedDocument } from './loaded-document.js';

/**
 * What a line holds before a node's properties (anchor, tag) or an alias: its indentation
 * alone, or a `- `, `? ` or `:` indicator, a flow collection's `[`, `{` or `,`, or an anchor,
 * each with the spaces after it. A `*`, `&`, `!` or `?` after anything else is text of a
 * scalar or a comment.
 */
const BEFORE_NODE_START = /(?:^[ ]*|[-?][ ]+|:[ ]*|[[{,][ ]*|&[^\s,[\]{}]+[ ]+)$/;

/**
 * True for a text with a construct that js-yaml reads otherwise than the reader of record,
 * or that carries a check of its own there; such a text goes to the reader of record:
 * - tabs (`yaml` reports them as indentation; js-yaml is laxer);
 * - directives, `...` document ends and lines that start with `---` and more (`---x`: a
 *   plain scalar to `yaml`, a document start and `x` to js-yaml): how documents split;
 * - an alias (`*name`): js-yaml shares the anchor's value, and the reader of record counts
 *   every expansion against the alias budget (to-value.ts); and an anchor (`&name`), where
 *   js-yaml lets a mapping start on its key's line (`a: &x b: c`);
 * - a block scalar's indentation indicator (`|2`): js-yaml keeps the spaces of blank
 *   lines at its end that `yaml` drops;
 * - a comment right after a quoted scalar or a flow collection (`'a'#c`): the reader of
 *   record sets aside the missing space that `yaml` reports, as go-yaml reads a comment there
 *   (go-yaml-differences.ts); what js-yaml makes of such a line is not held to it;
 * - tags (`!!binary`, `!!timestamp`, `!foo`): the platform's readings of them (go-scalar-tags.ts);
 * - `<<:`, a merge key (its order of precedence);
 * - an empty sequence entry (EMPTY_ENTRY);
 * - a key that is a collection (`[a, b]: c`, `? [a, b]`): js-yaml writes it as `a,b` or
 *   `[object Object]`, the reader of record as JSON;
 * - a flow entry with no key before its `:` (`{: x}`, `[a, : x]`): js-yaml reads a key
 *   `null`, the reader of record refuses the document as go-yaml does (go-yaml-differences.ts).
 * The checks err on the side of the reader of record: a `- *` inside a plain scalar, or
 * `<<:` in a block scalar, sends the file there too, which costs time and changes nothing.
 * Each looks for its character first (one native scan of the text) and at the line around
 * it only when it is there.
 */
export function needsReaderOfRecord(text: string): boolean {
  if (text.includes('\t') || text.startsWith('%') || text.includes('\n%') || text.startsWith('...') || text.includes('\n...'))
    return true;
  if (text.includes('<<') && /<<[ ]*:/.test(text)) return true;
  if (EMPTY_ENTRY.test(text)) return true;
  // A byte-order mark inside the text is read differently by the two readers.
  if (text.includes('\uFEFF')) return true;
  const bodies = new BlockScalarBodies(text);
  for (const match of text.matchAll(/["'\]}]#|[|>][-+]?[1-9]|^---[^ \r\n]|[[{,][ ]*:(?=[ ,\]}\r\n]|$)/gm))
    if (!bodies.holds(match.index)) return true;
  return (
    startsNode(text, '*', bodies) ||
    startsNode(text, '&', bodies) ||
    startsNode(text, '!', bodies) ||
    startsNode(text, '?', bodies) ||
    hasCollectionKey(text, bodies) ||
    sequenceBacksOut(text)
  );
}

/**
 * A line that ends with an empty sequence entry (`-`, `- -`, `- # c`): where the next entry
 * of an outer sequence follows it (`- - a\n  -\n- b`, `- k:\n  -\n- b`), js-yaml takes that
 * entry into the inner sequence ([["a", null, "b"]]), the reader of record does not
 * ([["a", null], "b"]). Found by block-scan.test.ts; the block scanner reads such texts.
 */
const EMPTY_ENTRY = /^[ ]*(?:-[ ]+)*-[ ]*(?:#[^\n]*)?\r?$/m;

/**
 * True when a block sequence entry stands at the column of a mapping key whose value is a
 * block sequence indented deeper (`a:\n  - x\n- y`): the reader of record refuses it, js-yaml
 * takes the entry for the key's value. One pass, with the open lines on a stack by column.
 * Every file goes through it, so it walks the text by character codes: splitting into lines
 * and matching a pattern on each took a third of this stage's own time.
 */
function sequenceBacksOut(text: string): boolean {
  // The open lines, as three stacks (no object per line): column, key column, and whether
  // the line is a key whose value is a block sequence indented deeper (the key column
  // matters only then). Slots above `top` are stale.
  const cols: number[] = [];
  const keyCols: number[] = [];
  const deeper: boolean[] = [];
  let top = -1;
  // The previous content line: where its text starts and ends, and its slot. Whether it is a
  // key alone is asked only when an entry follows it (most lines are not followed by one).
  let previousAt = -1;
  let previousFirst = -1;
  let previousEnd = -1;
  let previous = -1;
  for (let lineStart = 0; lineStart <= text.length;) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const at = lineStart;
    lineStart = lineEnd + 1;
    // The first character that is neither a space nor a CR.
    let first = at;
    while (first < lineEnd && (text.charCodeAt(first) === SPACE || text.charCodeAt(first) === CR)) first++;
    if (first === lineEnd || text.charCodeAt(first) === HASH) continue;
    const col = first - at;
    const next = first + 1 < lineEnd ? text.charCodeAt(first + 1) : -1;
    const isEntry = text.charCodeAt(first) === DASH && (next === -1 || next === SPACE || next === CR);
    if (isEntry && previous !== -1) {
      const keyAt = keyAloneAt(text, previousFirst, previousEnd);
      if (keyAt !== -1 && col > keyAt - previousAt) {
        deeper[previous] = true;
        keyCols[previous] = keyAt - previousAt;
      }
    }
    while (top >= 0 && (cols[top] as number) > col) top--;
    if (isEntry && top >= 0 && deeper[top] && keyCols[top] === col) return true;
    top++;
    cols[top] = col;
    deeper[top] = false;
    previous = top;
    previousAt = at;
    previousFirst = first;
    previousEnd = lineEnd;
  }
  return false;
}

const SPACE = 0x20;
const CR = 0x0d;
const HASH = 0x23;
const DASH = 0x2d;
const COLON = 0x3a;

/**
 * Where the key stands when the line from `from` (its first character that is neither a
 * space nor a CR) to `end` is a key whose value starts on the next line: `key:`, or
 * `- key:` (the key then stands past the dash and its spaces); -1 otherwise. A comment
 * anywhere on the line makes it no such key, as the pattern
 * `^(-[ ]+)?[^ #-][^#]*:[ ]*\r?$` this replaces said.
 */
function keyAloneAt(text: string, from: number, end: number): number {
  let key = from;
  if (text.charCodeAt(key) === DASH && text.charCodeAt(key + 1) === SPACE) {
    key += 1;
    while (key < end && text.charCodeAt(key) === SPACE) key++;
  }
  if (key >= end) return -1;
  const c = text.charCodeAt(key);
  if (c === SPACE || c === HASH || c === DASH) return -1;
  // Back from the end: one CR, spaces, then the colon.
  let last = end - 1;
  if (text.charCodeAt(last) === CR) last--;
  while (last > key && text.charCodeAt(last) === SPACE) last--;
  if (last <= key || text.charCodeAt(last) !== COLON) return -1;
  for (let i = key; i < last; i++) if (text.charCodeAt(i) === HASH) return -1;
  return key;
}

/**
 * True when a `]` or `}` is followed by `:` where a flow collection that opened at a node's
 * start on the same line, or on an earlier one, may end: a collection used as a key (an
 * implicit key is one line long). `${HOST}:${PORT}` is not one: its `{` is inside a scalar.
 */
function hasCollectionKey(text: string, bodies: BlockScalarBodies): boolean {
  for (const match of text.matchAll(/[\]}][ ]*:/g)) {
    if (bodies.holds(match.index)) continue;
    const lineStart = text.lastIndexOf('\n', match.index - 1) + 1;
    const before = text.slice(lineStart, match.index);
    if (!/[[{]/.test(before)) return true;
    for (let i = before.search(/[[{]/); i !== -1; i = nextOpening(before, i + 1))
      if (BEFORE_COLLECTION_START.test(before.slice(0, i))) return true;
  }
  return false;
}

/**
 * BEFORE_NODE_START without a `[` or `{` before: of a run of openings (`{{`) only the first
 * can open a collection where none was open, and it is tested itself; when it is text (a
 * template's `{{ .x }}:` in a plain scalar), so are the ones after it.
 */
const BEFORE_COLLECTION_START = /(?:^[ ]*|[-?][ ]+|:[ ]*|,[ ]*|&[^\s,[\]{}]+[ ]+)$/;

function nextOpening(line: string, from: number): number {
  const found = line.slice(from).search(/[[{]/);
  return found === -1 ? -1 : from + found;
}

/**
 * True when `char` stands where a node's properties or an alias may (see BEFORE_NODE_START),
 * outside the body of a block scalar, where it is text: a `*` that starts a line of a
 * PromQL rule or a `?` in a script sent such files to the reader of record for nothing.
 */
function startsNode(text: string, char: string, bodies: BlockScalarBodies): boolean {
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) {
    if (BEFORE_NODE_START.test(text.slice(text.lastIndexOf('\n', at - 1) + 1, at)) && !bodies.holds(at)) return true;
  }
  return false;
}

/**
 * A block scalar's header on a line of its own making: `key: |`, `- |`, `- key: >-`, with a
 * comment after it or none. The key is a plain word: a header this does not recognise leaves
 * its body to be checked like any other line, which only costs time.
 */
const BLOCK_SCALAR_HEADER = /^([ ]*)((?:-[ ]+)*)(?:([A-Za-z0-9_./][A-Za-z0-9_./-]*):[ ]+)?[|>][-+]?[ ]*(?:#[^\n]*)?\r?$/;

/**
 * Where the bodies of a text's block scalars are, found on first use (most texts never ask).
 * A body is the lines after a header, blank or indented at least as deep as its first
 * non-blank line, which must be indented deeper than the header's key (or its last `-` when
 * it has no key); that is how both readers take it, and a header with no line so indented
 * has no body here. Indentation indicators (`|2`) never get this far (needsReaderOfRecord).
 */
class BlockScalarBodies {
  /** Start and end offsets of the bodies, in order, flat. */
  private found: number[] | undefined;

  constructor(private readonly text: string) {}

  holds(offset: number): boolean {
    const bodies = (this.found ??= blockScalarBodies(this.text));
    for (let i = 0; i < bodies.length; i += 2)
      if (offset >= (bodies[i] as number) && offset < (bodies[i + 1] as number)) return true;
    return false;
  }
}

function blockScalarBodies(text: string): number[] {
  const bodies: number[] = [];
  // While in a header's lines: the column its body must go deeper than, and, once its first
  // non-blank line is seen, the body's indentation and start.
  let owner = -1;
  let indent = -1;
  let bodyStart = -1;
  for (let lineStart = 0; lineStart < text.length;) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    const at = lineStart;
    lineStart = lineEnd + 1;
    if (owner !== -1) {
      const spaces = line.length - line.trimStart().length;
      if (line.trim() === '') continue;
      if (indent === -1 && spaces > owner) {
        indent = spaces;
        bodyStart = at;
        continue;
      }
      if (indent !== -1 && spaces >= indent) continue;
      if (indent !== -1) bodies.push(bodyStart, at);
      owner = indent = bodyStart = -1;
    }
    const header = BLOCK_SCALAR_HEADER.exec(line);
    // A `|` alone on a line may be text (a plain scalar's next line): not a header here.
    if (!header || (header[3] === undefined && !header[2])) continue;
    const [, lead = '', dashes = '', key] = header;
    owner = key !== undefined ? lead.length + dashes.length : lead.length + dashes.lastIndexOf('-');
  }
  if (owner !== -1 && indent !== -1) bodies.push(bodyStart, text.length);
  return bodies;
}

/** A line that starts a document: `---` followed by a space, a line break or the end. */
const DOCUMENT_START = /^---(?=[ \r\n]|$)/gm;

/** Lines before a first document that belong to no document in `yaml`'s parse: blank, or a comment alone. */
const OUTSIDE_DOCUMENT = /^(?:[ ]*(?:#[^\n]*)?\r?\n)*/;

/** Every plain scalar goes through the platform's resolution; quoted and block scalars stay strings. */
const platformPlainScalar = new Type('tag:platlint,2026:plain', {
  kind: 'scalar',
  resolve: (data: unknown) => typeof data === 'string',
  construct: (data: string) => {
    // Characters a plain scalar may not start with: `yaml` reports them, js-yaml may not.
    if (BAD_PLAIN_START.has(data[0] as string)) throw new NotForThisStage();
    return resolvePlain(data);
  },
});

const BAD_PLAIN_START: ReadonlySet<string> = new Set([',', '%', '|', '>', '@', '`']);

const schema = FAILSAFE_SCHEMA.extend({ implicit: [platformPlainScalar] });

/**
 * The documents of `text` (lone CRs already made LFs, line-breaks.ts) with their values, or
 * undefined when the file is for the reader of record: something above, a document js-yaml
 * refuses (any syntax error, a repeated key, an alias to nothing), or nesting past the limit.
 * Most manifests are read by the block scanner (block-scan.ts) alone, at a fraction of
 * js-yaml's cost; it checks every construct the pre-scan above looks for as it reads, so the
 * pre-scan runs only for the texts it gives up on.
 */
export function readValuesOnly(text: string, aliasBudget?: number): LoadedDocument[] | undefined {
  return scanBlocks(text, aliasBudget) ?? loadWithJsYaml(text);
}

/** The texts the block scanner gives up on: the pre-scan, then js-yaml per document. */
export function loadWithJsYaml(text: string): LoadedDocument[] | undefined {
  // A byte-order mark is a token of its own before the first document.
  if (needsReaderOfRecord(text) || text.charCodeAt(0) === 0xfeff) return undefined;
  const starts = documentStarts(text);
  if (!starts) return undefined;
  const out: LoadedDocument[] = [];
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i] as number;
    const end = starts[i + 1] ?? text.length;
    let value: unknown;
    try {
      value = withoutNullEntries(load(text.slice(start, end), { schema, onWarning: refuseWarningButIndentation }) ?? null, 1);
    } catch {
      return undefined;
    }
    out.push({ start, end, value });
  }
  return out;
}

/**
 * js-yaml goes on after a warning; the reader of record may not, except where the platform's
 * reader does not look. js-yaml warns of "deficient indentation" only for a line that goes on
 * a quoted scalar or a flow collection (readSingleQuotedScalar, readDoubleQuotedScalar and
 * readFlowCollection in its loader.js) indented less than the node it belongs to. go-yaml,
 * which the server and kubectl read with, checks no indentation there (its scanner tracks
 * indentation in block context only: yaml_parser_unroll_indent in scannerc.go returns at once
 * in flow context, and yaml_parser_scan_flow_scalar checks only for a document marker), so it
 * reads such a document, to the values js-yaml gives (test/yaml-go.test.ts holds the two to
 * that), where `yaml` reports a missing quote or bracket. Argo Workflows' examples write shell
 * scripts so (`args: ["` on the key's line, the closing `"]` at the key's column).
 */
function refuseWarningButIndentation(warning: { reason?: string }): void {
  if (warning.reason !== 'deficient indentation') throw new NotForThisStage();
}

/**
 * Where `yaml`'s parser starts each document: at every `---` line, and, when content comes
 * before the first one, at the first line that is neither blank nor a comment alone.
 * Undefined for a text of comments only (no document) or one whose first content line is
 * indented (rare; the reader of record knows where that document starts).
 */
function documentStarts(text: string): number[] | undefined {
  const starts: number[] = [];
  const first = OUTSIDE_DOCUMENT.exec(text)?.[0].length ?? 0;
  if (first >= text.length || text[first] === ' ' || text[first] === '#') return undefined;
  if (!text.startsWith('---', first) || !isDocumentStart(text, first)) starts.push(first);
  for (const match of text.matchAll(DOCUMENT_START)) if (match.index >= first) starts.push(match.index);
  return starts;
}

function isDocumentStart(text: string, at: number): boolean {
  const after = text[at + 3];
  return after === undefined || after === ' ' || after === '\n' || after === '\r';
}

/**
 * The value as the reader of record gives it: map entries whose value is null left out (the
 * platform reads an explicit null as "not set"), checked for nesting as it goes (`depth` is
 * the level a collection here has; the top one is 1). A map without null entries is kept as
 * js-yaml made it.
 */
function withoutNullEntries(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_NESTING) throw new NotForThisStage();
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = withoutNullEntries(value[i], depth + 1);
    return value;
  }
  const map = value as Record<string, unknown>;
  let hasNull = false;
  for (const key in map) {
    if (key.length > LONGEST_KEY) throw new NotForThisStage();
    const child = map[key];
    if (child === null) hasNull = true;
    else if (typeof child === 'object') setOwn(map, key, withoutNullEntries(child, depth + 1));
  }
  if (!hasNull) return map;
  const out: Record<string, unknown> = {};
  for (const key in map) if (map[key] !== null) setOwn(out, key, map[key]);
  return out;
}
