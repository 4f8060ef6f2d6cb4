import { resolvePlain } from './fast-compose.js';
import { KnownKeys, hashStep, smallHash } from './known-keys.js';
import { LONGEST_KEY, type LoadedDocument } from './loaded-document.js';
import { MAX_NESTING } from './nesting.js';
import { setOwn } from './own-property.js';
import { DEFAULT_ALIAS_BUDGET } from './to-value.js';
import { YAML_ESCAPES } from './yaml-escapes.js';
import type { FieldPath } from './field-path.js';

/**
 * The values of a manifest text in one pass over its characters, for the YAML that
 * manifests are made of: block mappings and sequences, plain scalars (over lines too: a
 * definition's wrapped descriptions) and quoted ones (over lines too, as a mapping's values),
 * literal and folded block scalars, one-line flow collections of scalars, comments, `---`
 * and `...` lines, and anchors and aliases of values (`labels: &labels` ... `matchLabels:
 * *labels`). Anything else (tags, `?` keys, merge keys, directives, quoted keys over lines,
 * anchored keys, indentation it is not sure of, ...) makes it give up, and the text goes to
 * the loader stage after it (values-only-read.ts), then to the reader of record. So an
 * answer here must be the reader of record's own, key order included; the differential
 * tests (block-scan.test.ts, test/values-first.test.ts) hold it to that.
 *
 * It works by character codes on the text itself: lines are found with indexOf, and the
 * only strings made are the keys and scalars of the values. Nesting is an explicit stack
 * (no recursion), checked against MAX_NESTING as it grows.
 */
export function scanBlocks(text: string, aliasBudget = DEFAULT_ALIAS_BUDGET): LoadedDocument[] | undefined {
  if (UNREADABLE.test(text)) return undefined;
  try {
    return new BlockScanner(text, aliasBudget).documents();
  } catch {
    // A give-up, or anything unforeseen: the stages after this one read the text as before.
    return undefined;
  }
}

/**
 * Where the key or the value at `path` stands in the document at `start`..`end` of `text`,
 * as the syntax tree places it (cst-locate.ts locateInCst), found by reading the document
 * with this scanner instead of parsing its tree: a finding's position then costs one more
 * pass over one document, not `yaml`'s parser (whose code, run for a few documents a lint,
 * never gets past V8's interpreter). It answers only where it is sure: the whole document
 * reads here, and the path leads through block collections to a key, or to a value on its
 * key's or its dash's line that is a scalar on one line (a plain one), a quoted scalar, a
 * flow collection or an alias; undefined otherwise (a block scalar, a collection, a value on
 * later lines, an anchor, a path through a flow collection or an alias, a path that is not
 * there), and the tree answers. A list item has no key: its `key` is its value, as in the
 * tree. scanned-span.test.ts holds every answer to the tree's on real, generated and mutated files.
 */
export function scannedSpan(
  text: string,
  start: number,
  end: number,
  path: FieldPath,
  target: 'key' | 'value',
): { start: number; end: number; exact: true } | undefined {
  if (path.length === 0) return undefined;
  // The document alone, as the tree of a document is parsed alone (source-file.ts parseDocumentAt).
  const own = text.slice(start, end);
  if (UNREADABLE.test(own)) return undefined;
  const probe: Probe = { path, target, span: undefined, sure: true };
  try {
    const documents = new BlockScanner(own, DEFAULT_ALIAS_BUDGET, probe).documents();
    if (documents?.length !== 1 || !probe.sure || !probe.span) return undefined;
  } catch {
    return undefined;
  }
  return { start: start + probe.span[0], end: start + probe.span[1], exact: true };
}

/** What scannedSpan looks for, and what the scan found: `sure` false once the target is met where the scanner cannot place it as the tree does. */
interface Probe {
  path: FieldPath;
  target: 'key' | 'value';
  span: [number, number] | undefined;
  sure: boolean;
}

/**
 * Characters that send the whole text to the stages after this one: tabs (`yaml` reports
 * them as indentation, and js-yaml is laxer), a byte-order mark, characters outside YAML's
 * printable set, surrogates (a lone one is not printable; emoji are rare enough to leave to
 * the loader), and NEL, LS and PS, which YAML 1.1 readers take for line breaks.
 */
// eslint-disable-next-line no-control-regex
const UNREADABLE = /[\x00-\x08\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\ufeff\ufffe\uffff]/;

/** Thrown to give up: one object, no stack trace to capture. */
const GIVE_UP = new Error('not for the block scanner');
function giveUp(): never {
  throw GIVE_UP;
}

const SPACE = 0x20;
const CR = 0x0d;
const LF = 0x0a;
const HASH = 0x23;
const DASH = 0x2d;
const COLON = 0x3a;
const COMMA = 0x2c;
const DOT = 0x2e;
const PERCENT = 0x25;
const DQUOTE = 0x22;
const SQUOTE = 0x27;
const BACKSLASH = 0x5c;
const PIPE = 0x7c;
const GT = 0x3e;
const PLUS = 0x2b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const AMPERSAND = 0x26;
const ASTERISK = 0x2a;

/**
 * Characters a plain scalar may not start with here: YAML's indicators (a `-` is handled
 * apart: `-1` is a scalar, `- x` an entry), and `@` and `` ` ``, reserved. Quotes, brackets
 * and block indicators start other kinds of node before this is asked.
 */
const NOT_PLAIN_START = codeTable([
  0x3f,
  COLON,
  COMMA,
  OPEN_BRACKET,
  CLOSE_BRACKET,
  OPEN_BRACE,
  CLOSE_BRACE,
  HASH,
  AMPERSAND,
  ASTERISK,
  0x21,
  PIPE,
  GT,
  SQUOTE,
  DQUOTE,
  PERCENT,
  0x40,
  0x60,
]);

/**
 * A set of ASCII character codes as a table indexed by code (1 for a member): every key and
 * value asks NOT_PLAIN_START, and an indexed load costs a fraction of a Set's lookup.
 */
function codeTable(codes: number[]): Uint8Array {
  const table = new Uint8Array(128);
  for (const code of codes) table[code] = 1;
  return table;
}

/** True for a code in a codeTable (a code past ASCII never is). */
function inTable(table: Uint8Array, code: number): boolean {
  return code < 128 && table[code] === 1;
}

/** A double-quoted scalar's one-character escapes, by character code (a tab never gets here: the scanner gives up on tabs). */
const ESCAPES: ReadonlyMap<number, string> = new Map(Object.entries(YAML_ESCAPES).map(([k, v]) => [k.charCodeAt(0), v]));

/** The hex digits after `\x`, `\u` and `\U`. */
const HEX_DIGITS: ReadonlyMap<number, number> = new Map([
  [0x78, 2],
  [0x75, 4],
  [0x55, 8],
]);

const HEX = /^[0-9a-fA-F]+$/;

/**
 * Plain keys already checked to resolve to themselves: manifests repeat a few dozen keys.
 * The remembered copy of each is the one used, as V8's property name (known-keys.ts), so
 * that the maps' property lookups and stores meet a name they need not look up, and found
 * from the text without slicing it again. One set for every scan: the answer depends on
 * the key's characters alone, and a run of many files would otherwise remember (and check)
 * the same keys again for each file (measured: making each a property name again was a
 * tenth of the scanner's time). At most 4096 of them, none longer than LONGEST_KEY (a
 * longer key gives up): manifests use a few hundred, and a file of more starts the set
 * anew (KnownKeys.remember) rather than leaving it full for the files after it.
 */
const PLAIN_KEYS = new KnownKeys(4096);

/** Block scalar chomping (the indicator after `|` or `>`). */
const CLIP = 0;
const STRIP = 1;
const KEEP = 2;

/** An open block collection: a sequence (`list`) or a mapping (`map`) whose entries stand at `indent`. */
interface Frame {
  indent: number;
  list: unknown[] | undefined;
  map: Record<string, unknown> | undefined;
  /** The last entry's value starts on a later line (`key:` or `-` alone). */
  pending: boolean;
  pendingKey: string;
  /** A sequence at its key's own column (`key:\n- x`): a line at that column without a dash ends it. */
  atKeyColumn: boolean;
  /** Keys whose value is null: left out of the map as the reader of record leaves them, but still keys (a repeat is refused). */
  nullKeys: Set<string> | undefined;
  /** The anchor of the pending entry's value (`key: &name` alone on its line): the collection opened next carries it. */
  pendingAnchor: string | undefined;
  /** The anchor this collection carries, closed (its size known) when the frame is popped. */
  anchored: Anchored | undefined;
  /** For a probe (scannedSpan): the segment of its path this collection's entries are matched with; -1 off the path, and always without a probe. */
  depth: number;
  /** For a probe: the entries read so far (a list item's index), and whether the last one is on the path. */
  count: number;
  entryOnPath: boolean;
}

/**
 * An anchored node: its value, the node count when it started, and its size (the nodes it
 * holds, an alias in it counting as the nodes it expands to), -1 while it is still open.
 * An alias to an open anchor (inside its own node) is the reader of record's to report.
 */
interface Anchored {
  value: unknown;
  start: number;
  size: number;
}

class BlockScanner {
  private readonly stack: Frame[] = [];
  /** Every frame made so far, by depth (frameAt); those above the stack's top are free. */
  private readonly frames: Frame[] = [];
  private root: unknown = null;
  /** The line being read: where it starts, where its content ends (before CR LF), and where the next starts. */
  private lineStart = 0;
  private end = 0;
  private next = 0;
  /** Where the last key or quoted scalar read ends. */
  private at = 0;
  /** The document's anchors (a later one of a name replaces the earlier, as in YAML). */
  private anchors = new Map<string, Anchored>();
  /**
   * Nodes read so far in the document, an alias counting as the nodes it expands to, and
   * the nodes aliases expanded to: counted as the reader of record counts them (or more:
   * a key without a value is one here), so that a text whose aliases would overrun its
   * budget is never answered here but left to it, to be refused there.
   */
  private nodes = 0;
  private expanded = 0;

  /** Where the last key read ends (readKey): its closing quote included, spaces before its colon not. */
  private keyEnd = 0;

  constructor(
    private readonly text: string,
    private readonly aliasBudget: number,
    private readonly probe?: Probe,
  ) {}

  /**
   * The documents and where they start and end as `yaml`'s parser splits them: at each
   * `---` line, and before the first, at the first line that is neither blank nor a comment.
   */
  documents(): LoadedDocument[] | undefined {
    const { text } = this;
    const out: LoadedDocument[] = [];
    let docStart = -1;
    // A document that a `...` line ended: it ends, for `yaml`, where the next one starts.
    let ended: { start: number; value: unknown } | undefined;
    const endEnded = (at: number): void => {
      if (ended) out.push({ start: ended.start, end: at, value: ended.value });
      ended = undefined;
    };
    for (let pos = 0; pos < text.length; pos = this.next) {
      this.readLine(pos);
      let first = this.lineStart;
      while (first < this.end && text.charCodeAt(first) === SPACE) first++;
      if (first === this.end) continue;
      const c = text.charCodeAt(first);
      if (c === HASH) continue;
      const col = first - this.lineStart;
      if (col === 0) {
        if (c === DASH && text.startsWith('---', first)) {
          if (!this.onlyCommentFrom(first + 3)) giveUp();
          endEnded(this.lineStart);
          if (docStart !== -1) out.push({ start: docStart, end: this.lineStart, value: this.finishDocument() });
          docStart = this.lineStart;
          continue;
        }
        if (c === DOT && text.startsWith('...', first)) {
          // An end with no document open (or a second in a row) is left to the reader of record.
          if (!this.onlyCommentFrom(first + 3) || docStart === -1) giveUp();
          ended = { start: docStart, value: this.finishDocument() };
          docStart = -1;
          continue;
        }
        if (c === PERCENT) giveUp();
      }
      if (docStart === -1) {
        endEnded(this.lineStart);
        docStart = this.lineStart;
      }
      this.line(first, col);
    }
    endEnded(text.length);
    if (docStart !== -1) out.push({ start: docStart, end: text.length, value: this.finishDocument() });
    return out.length > 0 ? out : undefined;
  }

  private readLine(pos: number): void {
    const { text } = this;
    let lineEnd = text.indexOf('\n', pos);
    if (lineEnd === -1) lineEnd = text.length;
    this.lineStart = pos;
    this.next = lineEnd + 1;
    this.end = lineEnd > pos && text.charCodeAt(lineEnd - 1) === CR ? lineEnd - 1 : lineEnd;
  }

  private finishDocument(): unknown {
    const top = this.stack[this.stack.length - 1];
    if (top?.pending) this.pendingIsNull(top);
    const value = this.root;
    this.stack.length = 0;
    this.root = null;
    this.anchors = new Map();
    this.nodes = 0;
    this.expanded = 0;
    return value;
  }

  private pendingIsNull(frame: Frame): void {
    // An anchor on nothing: rare, and left to the reader of record.
    if (frame.pendingAnchor !== undefined) giveUp();
    frame.pending = false;
    this.nodes++;
    this.setPending(frame, null);
  }

  /** The value of the entry whose value started on a later line. */
  private setPending(frame: Frame, value: unknown): void {
    if (frame.list) frame.list.push(value);
    else if (value === null) addNull(frame, frame.pendingKey);
    else setOwn(frame.map as Record<string, unknown>, frame.pendingKey, value);
  }

  /** A content line whose first character is at `first`, column `col`. */
  private line(first: number, col: number): void {
    const { stack } = this;
    let top = stack[stack.length - 1];
    if (top === undefined) {
      // A document's root starts at column 0 (an indented one is rare; the loader knows it).
      if (col !== 0 || this.root !== null) giveUp();
      this.collection(first, col, undefined);
      return;
    }
    const dash = this.isDash(first);
    if (top.pending) {
      if (col > top.indent) {
        top.pending = false;
        const c = this.text.charCodeAt(first);
        // A flow collection on the line after its key or dash (`key:\n  {}`).
        if (c === OPEN_BRACKET || c === OPEN_BRACE) {
          if (top.pendingAnchor !== undefined) giveUp();
          this.setPending(top, this.value(first, top.indent));
        } else this.collection(first, col, top);
        return;
      }
      if (top.map && col === top.indent && dash) {
        top.pending = false;
        this.entry(this.open(col, true, top, true), first);
        return;
      }
      this.pendingIsNull(top);
    }
    while (top.indent > col || (top.atKeyColumn && top.indent === col && !dash)) {
      this.close(top);
      stack.pop();
      top = stack[stack.length - 1] ?? giveUp();
    }
    if (top.indent !== col) giveUp();
    if (top.list) {
      if (!dash) giveUp();
      this.entry(top, first);
    } else {
      if (dash) giveUp();
      this.keyEntry(top, first);
    }
  }

  /** A collection that starts at `p` (column `col`): a sequence at a dash, a mapping at a key; nothing else starts a line here. */
  private collection(p: number, col: number, parent: Frame | undefined): void {
    if (this.isDash(p)) this.entry(this.open(col, true, parent, false), p);
    else this.keyEntry(this.open(col, false, parent, false), p);
  }

  private open(indent: number, isList: boolean, parent: Frame | undefined, atKeyColumn: boolean): Frame {
    if (this.stack.length >= MAX_NESTING) giveUp();
    const value = isList ? [] : {};
    const frame = this.frameAt(this.stack.length);
    frame.indent = indent;
    frame.list = isList ? (value as unknown[]) : undefined;
    frame.map = isList ? undefined : (value as Record<string, unknown>);
    frame.pending = false;
    frame.pendingKey = '';
    frame.atKeyColumn = atKeyColumn;
    frame.nullKeys = undefined;
    frame.pendingAnchor = undefined;
    frame.anchored = undefined;
    frame.depth = this.probe === undefined ? -1 : this.depthBelow(parent);
    frame.count = 0;
    frame.entryOnPath = false;
    // The collection a pending `key: &name` line announced.
    if (parent?.pendingAnchor !== undefined) {
      frame.anchored = this.anchor(parent.pendingAnchor, value, -1);
      parent.pendingAnchor = undefined;
    }
    this.nodes++;
    if (parent === undefined) this.root = value;
    else if (parent.list) parent.list.push(value);
    else setOwn(parent.map as Record<string, unknown>, parent.pendingKey, value);
    this.stack.push(frame);
    return frame;
  }

  /**
   * The frame for a collection opened at this depth of the stack. A manifest opens a
   * collection every few lines, and a frame lives only while its collection is open: one
   * frame object per depth, used again by each collection opened there, rather than one
   * per collection (a tenth of what the scanner allocated).
   */
  private frameAt(depth: number): Frame {
    let frame = this.frames[depth];
    if (frame === undefined) {
      frame = {
        indent: 0,
        list: undefined,
        map: undefined,
        pending: false,
        pendingKey: '',
        atKeyColumn: false,
        nullKeys: undefined,
        pendingAnchor: undefined,
        anchored: undefined,
        depth: -1,
        count: 0,
        entryOnPath: false,
      };
      this.frames.push(frame);
    }
    return frame;
  }

  /** A `-` followed by a space or the end of the line. */
  private isDash(p: number): boolean {
    return this.text.charCodeAt(p) === DASH && (p + 1 === this.end || this.text.charCodeAt(p + 1) === SPACE);
  }

  /** A sequence entry whose dash is at `p`: its value follows on the line (a scalar, or a nested collection), or on the next lines. */
  private entry(frame: Frame, p: number): void {
    // The probe's target, when this item is it (a list item's `key` is its value, as in the tree).
    const target = frame.depth >= 0 && this.onPath(frame, frame.count++);
    let q = this.skipSpaces(p + 1);
    const anchor = this.anchorAt(q);
    if (anchor !== undefined) q = this.skipSpaces(this.at);
    if (q === this.end || this.text.charCodeAt(q) === HASH) {
      if (target) this.unsure();
      frame.pending = true;
      frame.pendingAnchor = anchor;
      return;
    }
    if (this.isDash(q) || this.readKey(q) !== undefined) {
      // `- &a key: v` anchors the key, not the mapping: left to the reader of record.
      if (anchor !== undefined) giveUp();
      if (target) this.unsure();
      this.collection(q, q - this.lineStart, frame);
    } else {
      const next = this.next;
      (frame.list as unknown[]).push(this.anchoredValue(anchor, q, frame.indent));
      if (target) this.valueFound(q, anchor, next);
    }
  }

  /** A mapping entry whose key is at `p`. */
  private keyEntry(frame: Frame, p: number): void {
    const key = this.readKey(p) ?? giveUp();
    const map = frame.map as Record<string, unknown>;
    if (Object.hasOwn(map, key) || frame.nullKeys?.has(key)) giveUp();
    // The probe's target, when this entry is it: its key is placed at once.
    const target = frame.depth >= 0 && this.onPath(frame, key);
    const valueWanted = target && this.keyFound(p);
    let q = this.skipSpaces(this.at);
    const anchor = this.anchorAt(q);
    if (anchor !== undefined) q = this.skipSpaces(this.at);
    if (q === this.end || this.text.charCodeAt(q) === HASH) {
      if (valueWanted) this.unsure();
      frame.pending = true;
      frame.pendingKey = key;
      frame.pendingAnchor = anchor;
      return;
    }
    const next = this.next;
    const value = this.anchoredValue(anchor, q, frame.indent);
    if (valueWanted) this.valueFound(q, anchor, next);
    if (value === null) addNull(frame, key);
    else setOwn(map, key, value);
  }

  /**
   * For a probe: whether the entry just read (`segment`: its key, or its index in a list)
   * is on the path, noted for the collection it may open (depthBelow); true when it is the
   * path's last segment, the target.
   */
  private onPath(frame: Frame, segment: string | number): boolean {
    const { path } = this.probe as Probe;
    const wanted = path[frame.depth];
    frame.entryOnPath = typeof segment === 'number' ? wanted === segment : String(wanted) === segment;
    return frame.entryOnPath && frame.depth === path.length - 1;
  }

  /** The path segment the entries of a collection opened as the value of `parent`'s current entry match: -1 off the path. */
  private depthBelow(parent: Frame | undefined): number {
    if (parent === undefined) return 0;
    const depth = parent.depth + 1;
    return parent.depth >= 0 && parent.entryOnPath && depth < (this.probe as Probe).path.length ? depth : -1;
  }

  /** The target's key was read at `p`: placed when the key is wanted; true when its value is. */
  private keyFound(p: number): boolean {
    const probe = this.probe as Probe;
    if (probe.target === 'value') return true;
    probe.span = [p, this.keyEnd];
    return false;
  }

  /**
   * The target's value, read from `q` on its entry's line (`next` was the line after that
   * line before it was read): placed as the tree's token spans it, when it is a scalar on one
   * line, a quoted scalar, a flow collection or an alias, with no anchor.
   */
  private valueFound(q: number, anchor: string | undefined, next: number): void {
    const c = this.text.charCodeAt(q);
    if (anchor !== undefined || c === PIPE || c === GT) return this.unsure();
    if (c === DQUOTE || c === SQUOTE || c === OPEN_BRACKET || c === OPEN_BRACE || c === ASTERISK) {
      (this.probe as Probe).span = [q, this.at];
      return;
    }
    // A plain scalar continued on the lines after: the tree's token spans them too.
    if (this.next !== next) return this.unsure();
    (this.probe as Probe).span = [q, this.plainLineEnd(q, this.end)];
  }

  /** The target is where the scan cannot place it as the tree does. */
  private unsure(): void {
    (this.probe as Probe).sure = false;
  }

  /** The value on the line at `p` (value()), given `anchor` when it has one. */
  private anchoredValue(anchor: string | undefined, p: number, owner: number): unknown {
    if (anchor === undefined) return this.value(p, owner);
    // An alias cannot carry an anchor: the reader of record reports it.
    if (this.text.charCodeAt(p) === ASTERISK) giveUp();
    const start = this.nodes;
    const value = this.value(p, owner);
    this.anchor(anchor, value, this.nodes - start);
    return value;
  }

  /**
   * The name of the anchor (`&name`) at `p`, with `at` just past it; undefined when there
   * is none. The name runs to a space or the line's end; a flow indicator in it (`&a,b`,
   * read otherwise inside flow collections) gives up.
   */
  private anchorAt(p: number): string | undefined {
    if (this.text.charCodeAt(p) !== AMPERSAND) return undefined;
    const name = this.nameFrom(p + 1);
    this.at = p + 1 + name.length;
    return name;
  }

  /**
   * An anchor or alias name from `p`, up to a space or the line's end. Any other character
   * than go-yaml takes in a name (ASCII letters, digits, `_`, `-`: scannerc.go, is_alpha)
   * leaves the text to the reader of record, which reports what go-yaml refuses.
   */
  private nameFrom(p: number): string {
    const { text } = this;
    let i = p;
    for (; i < this.end; i++) {
      const c = text.charCodeAt(i);
      if (c === SPACE || c === CR) break;
      if (!isAnchorCharacter(c)) giveUp();
    }
    if (i === p) giveUp();
    return text.slice(p, i);
  }

  /** Records an anchor (`size` -1 while its collection is open: see close). */
  private anchor(name: string, value: unknown, size: number): Anchored {
    const anchored: Anchored = { value, start: this.nodes, size };
    this.anchors.set(name, anchored);
    return anchored;
  }

  /** A collection's frame leaves the stack: the anchor it carries now has its size. */
  private close(frame: Frame): void {
    if (frame.anchored) frame.anchored.size = this.nodes - frame.anchored.start;
  }

  /**
   * The alias (`*name`) at `p`: the anchored value itself, as the reader of record gives
   * it. An alias to no anchor, to one still open, or past the budget is the reader of
   * record's to report.
   */
  private alias(p: number): unknown {
    const name = this.nameFrom(p + 1);
    this.at = p + 1 + name.length;
    const target = this.anchors.get(name);
    if (target === undefined || target.size < 0) giveUp();
    this.expanded += target.size;
    if (this.expanded > this.aliasBudget) giveUp();
    // value() counted the alias as one node already.
    this.nodes += target.size - 1;
    return target.value;
  }

  /**
   * The key at `p` when the line's node there is one (a plain or quoted scalar, then `:`
   * and a space or the line's end), with `at` just past the colon; undefined when it is not.
   */
  private readKey(p: number): string | undefined {
    const { text } = this;
    const c = text.charCodeAt(p);
    let key: string;
    if (c === DQUOTE || c === SQUOTE) {
      key = c === DQUOTE ? this.doubleQuoted(p) : this.singleQuoted(p);
      this.keyEnd = this.at;
      const colon = this.skipSpaces(this.at);
      if (text.charCodeAt(colon) !== COLON || !this.endsToken(colon + 1)) return undefined;
      this.at = colon + 1;
    } else {
      if (inTable(NOT_PLAIN_START, c) || (c === DASH && this.endsToken(p + 1))) return undefined;
      // The key's characters are hashed on the way to its colon (known-keys.ts findHashed).
      let hash = hashStep(0, c);
      let colon = -1;
      for (let i = p + 1; i < this.end; i++) {
        const d = text.charCodeAt(i);
        if (d === COLON && this.endsToken(i + 1)) {
          colon = i;
          break;
        }
        if (d === HASH && text.charCodeAt(i - 1) === SPACE) return undefined;
        hash = hashStep(hash, d);
      }
      if (colon === -1) return undefined;
      let last = colon;
      while (text.charCodeAt(last - 1) === SPACE) last--;
      this.keyEnd = last;
      // Spaces before the colon (rare) are not the key's: hashed again without them.
      const known = last === colon ? PLAIN_KEYS.findHashed(text, p, last, smallHash(hash)) : PLAIN_KEYS.find(text, p, last);
      if (known !== undefined) key = known;
      else {
        const source = text.slice(p, last);
        // A key the platform's schema resolves to something else (`on`, `1`, `~`) is the loader's to write.
        // One too long gives up below anyway: here, before the set shared by every scan could keep it.
        if (source.length > LONGEST_KEY || resolvePlain(source) !== source) giveUp();
        key = PLAIN_KEYS.remember(source);
      }
      this.at = colon + 1;
    }
    if (key.length > LONGEST_KEY || this.at - p > LONGEST_KEY * 4 || key === '<<') giveUp();
    return key;
  }

  /** True at the end of the line or at a space. */
  private endsToken(p: number): boolean {
    return p === this.end || this.text.charCodeAt(p) === SPACE;
  }

  /** True at the end of the line, a space, a `,` or a closing bracket: where a flow collection's `-` or `:` is an indicator. */
  private endsFlowToken(p: number): boolean {
    if (this.endsToken(p)) return true;
    const c = this.text.charCodeAt(p);
    return c === COMMA || c === CLOSE_BRACKET || c === CLOSE_BRACE;
  }

  private skipSpaces(p: number): number {
    while (p < this.end && this.text.charCodeAt(p) === SPACE) p++;
    return p;
  }

  /** True when the rest of the line from `p` is spaces, and a comment after at least one of them (`'a'#c` is not). */
  private onlyCommentFrom(p: number): boolean {
    const q = this.skipSpaces(p);
    return q === this.end || (q > p && this.text.charCodeAt(q) === HASH);
  }

  /** A scalar or a one-line flow collection at `p`, the value of an entry of the collection at column `owner`. */
  private value(p: number, owner: number): unknown {
    const c = this.text.charCodeAt(p);
    this.nodes++;
    let value: unknown;
    if (c === ASTERISK) value = this.alias(p);
    else if (c === DQUOTE) value = this.doubleQuoted(p, owner);
    else if (c === SQUOTE) value = this.singleQuoted(p, owner);
    else if (c === OPEN_BRACKET || c === OPEN_BRACE) value = this.flow(p, owner, 1);
    else if (c === PIPE || c === GT) return this.blockScalar(p, owner);
    else return this.plain(p, owner);
    if (!this.onlyCommentFrom(this.at)) giveUp();
    return value;
  }

  /**
   * A plain scalar in block context, the value of an entry of the collection at column
   * `owner`, resolved by the platform's schema. It ends at a comment, or at the end of its
   * line unless lines indented deeper than `owner` continue it (plainContinuation).
   */
  private plain(p: number, owner: number): unknown {
    const { text } = this;
    const c = text.charCodeAt(p);
    if (inTable(NOT_PLAIN_START, c) || (c === DASH && this.endsToken(p + 1))) giveUp();
    const last = this.plainLineEnd(p, this.end);
    const firstLine = text.slice(p, last);
    // After a comment, a line indented deeper is an error to the reader of record; line() gives up on it.
    if (this.commentAfter(last, this.end)) return resolvePlain(firstLine);
    const rest = this.plainContinuation(owner);
    if (rest === undefined) return resolvePlain(firstLine);
    const folded = firstLine + rest;
    // A multi-line scalar that the schema would read as something other than text is left to the loader.
    if (resolvePlain(folded) !== folded) giveUp();
    return folded;
  }

  /**
   * Where a plain scalar's text on one line, from `p` up to `end`, stops: before the spaces
   * ahead of a comment or of the line's end. A `: ` inside (a mapping where a scalar was
   * expected) gives up.
   */
  private plainLineEnd(p: number, end: number): number {
    const { text } = this;
    let last = p;
    for (let i = p; i < end; i++) {
      const d = text.charCodeAt(i);
      if (d === COLON && (i + 1 === end || text.charCodeAt(i + 1) === SPACE)) giveUp();
      if (d === HASH && text.charCodeAt(i - 1) === SPACE) break;
      if (d !== SPACE) last = i;
    }
    return last + 1;
  }

  /** True when the line from `p` to `end` holds more than spaces: after plainLineEnd, a comment. */
  private commentAfter(p: number, end: number): boolean {
    while (p < end && this.text.charCodeAt(p) === SPACE) p++;
    return p < end;
  }

  /**
   * The lines that continue a plain scalar (a long description wrapped over several lines):
   * those after it indented deeper than `owner`, as YAML folds them (production
   * s-flow-folded): each line's text without its indentation, a single line break read as a
   * space, and n empty lines between two as n line breaks. Undefined when the next content
   * line does not continue the scalar; otherwise `next` is the line after the last one read.
   * A continuation line that holds a comment or a mapping (`: `), and one at the end of a
   * text without a final line break, give up.
   */
  private plainContinuation(owner: number): string | undefined {
    const { text } = this;
    // Every plain value asks, and most are followed by a line at the owner's column (the next
    // key): the character at that column is not a space then, and nothing more is read. (Were
    // it a later line's, after a short one, the answer is no continuation either way: line()
    // gives up on a line indented past the owner.)
    const probe = text.charCodeAt(this.next + owner);
    if (probe !== SPACE && probe !== LF && probe !== CR) return undefined;
    let out = '';
    let emptyLines = 0;
    for (let pos = this.next; pos < text.length;) {
      let first = pos;
      while (text.charCodeAt(first) === SPACE) first++;
      const c = text.charCodeAt(first);
      if (first - pos <= owner && c !== LF && c !== CR && first < text.length) break;
      let lineEnd = text.indexOf('\n', first);
      if (lineEnd === -1) lineEnd = text.length;
      const end = lineEnd > pos && text.charCodeAt(lineEnd - 1) === CR ? lineEnd - 1 : lineEnd;
      if (first >= end) {
        emptyLines++;
        pos = lineEnd + 1;
        continue;
      }
      if (first - pos <= owner || c === HASH) break;
      // Past the first line, indicators (`- `, `[`, `&`, quotes, ...) are text, as the reader of record reads them.
      if (lineEnd === text.length) giveUp();
      const last = this.plainLineEnd(first, end);
      if (this.commentAfter(last, end)) giveUp();
      out += emptyLines === 0 ? ' ' : '\n'.repeat(emptyLines);
      out += text.slice(first, last);
      emptyLines = 0;
      pos = lineEnd + 1;
      this.next = pos;
    }
    return out === '' ? undefined : out;
  }

  /**
   * A single-quoted scalar (`''` is a quote); `at` past its closing quote. One that is the
   * value of an entry of the collection at column `owner` may go on over lines (foldLine),
   * `next` then past its last line; a key or a flow collection's scalar closes on its line.
   */
  private singleQuoted(p: number, owner?: number): string {
    const { text } = this;
    let out = '';
    let from = p + 1;
    for (;;) {
      let close = text.indexOf("'", from);
      while (close === -1 || close >= this.end) {
        if (owner === undefined) giveUp();
        out += text.slice(from, this.trimmedEnd(from, this.end)) + this.foldLine(owner);
        from = this.at;
        close = text.indexOf("'", from);
      }
      out += text.slice(from, close);
      if (text.charCodeAt(close + 1) !== SQUOTE) {
        this.at = close + 1;
        return out;
      }
      out += "'";
      from = close + 2;
    }
  }

  /**
   * A double-quoted scalar, its escapes as `yaml` decodes them; `at` past its closing quote.
   * Over lines as singleQuoted (a line that ends with a backslash, joined to the next without
   * a space, gives up).
   */
  private doubleQuoted(p: number, owner?: number): string {
    const { text } = this;
    let out = '';
    let from = p + 1;
    for (let i = from; ; i++) {
      if (i >= this.end) {
        if (owner === undefined) giveUp();
        out += text.slice(from, this.trimmedEnd(from, i)) + this.foldLine(owner);
        from = this.at;
        i = from - 1;
        continue;
      }
      const c = text.charCodeAt(i);
      if (c === DQUOTE) {
        this.at = i + 1;
        return out + text.slice(from, i);
      }
      if (c !== BACKSLASH) continue;
      out += text.slice(from, i);
      // A backslash at the line's end joins the next line: multi-line, not for this scanner.
      if (i + 1 >= this.end) giveUp();
      const e = text.charCodeAt(i + 1);
      const digits = HEX_DIGITS.get(e);
      if (digits === undefined) {
        out += ESCAPES.get(e) ?? giveUp();
        i += 1;
      } else {
        const hex = text.slice(i + 2, i + 2 + digits);
        if (i + 2 + digits > this.end || !HEX.test(hex)) giveUp();
        const code = parseInt(hex, 16);
        if (code > 0x10ffff) giveUp();
        out += String.fromCodePoint(code);
        i += 1 + digits;
      }
      from = i + 1;
    }
  }

  /** Where the text from `from` to `end` ends without its trailing spaces (a quoted scalar's line before a fold). */
  private trimmedEnd(from: number, end: number): number {
    while (end > from && this.text.charCodeAt(end - 1) === SPACE) end--;
    return end;
  }

  /**
   * A quoted scalar's line break, as YAML folds it (production s-flow-folded): the next line
   * that is not empty becomes the line read (readLine), `at` at its first character after the
   * indentation, and the fold is returned: a space, or a line break for each empty line
   * between. That line must be indented deeper than `owner`, the column of the entry the
   * scalar is the value of; the end of the text gives up.
   */
  private foldLine(owner: number): string {
    const { text } = this;
    let emptyLines = 0;
    for (let pos = this.next; pos < text.length; pos = this.next) {
      this.readLine(pos);
      const first = this.skipSpaces(pos);
      if (first === this.end) {
        emptyLines++;
        continue;
      }
      if (first - pos <= owner) giveUp();
      this.at = first;
      return emptyLines === 0 ? ' ' : '\n'.repeat(emptyLines);
    }
    return giveUp();
  }

  /**
   * A flow sequence or mapping (`[a, "b"]`, `{k: v, l: [x]}`, `[]`, `[a,]`), the value of an
   * entry of the collection at column `owner`, `level` flow collections deep (1 for the
   * outermost); `at` past its closing bracket. It may go on over lines where a line ends
   * after an opening bracket, a comma, a quoted scalar or a nested collection (`args: [\n
   * "a",\n "b",\n]`), each line indented deeper than `owner` (the outermost closing bracket
   * may stand at `owner`), as the reader of record wants them. An empty entry, a comment
   * inside, a key without a value, a plain scalar at a line's end (it may go on past it) or a
   * quoted one over lines gives up.
   */
  private flow(p: number, owner: number, level: number): unknown[] | Record<string, unknown> {
    const { text } = this;
    if (this.stack.length + level > MAX_NESTING) giveUp();
    const isList = text.charCodeAt(p) === OPEN_BRACKET;
    const close = isList ? CLOSE_BRACKET : CLOSE_BRACE;
    const list: unknown[] = [];
    const map: Record<string, unknown> = {};
    let nullKeys: Set<string> | undefined;
    let i = this.flowNext(p + 1, owner, level, true);
    if (text.charCodeAt(i) === close) {
      this.at = i + 1;
      return isList ? list : map;
    }
    for (;;) {
      this.nodes++;
      let valueAt = i;
      if (isList) list.push(this.flowEntry(i, owner, level));
      else {
        const key = this.flowScalar(i, true);
        if (typeof key !== 'string' || key.length > LONGEST_KEY || key === '<<') giveUp();
        if (Object.hasOwn(map, key) || nullKeys?.has(key)) giveUp();
        const colon = this.skipSpaces(this.at);
        if (text.charCodeAt(colon) !== COLON || text.charCodeAt(colon + 1) !== SPACE) giveUp();
        valueAt = this.skipSpaces(colon + 1);
        const value = this.flowEntry(valueAt, owner, level);
        if (value === null) (nullKeys ??= new Set()).add(key);
        else setOwn(map, key, value);
      }
      // A plain scalar that reaches the line's end may go on on the next line: not for this scanner.
      const c0 = text.charCodeAt(valueAt);
      const closed = c0 === DQUOTE || c0 === SQUOTE || c0 === OPEN_BRACKET || c0 === OPEN_BRACE;
      i = this.flowNext(this.at, owner, level, closed);
      const c = text.charCodeAt(i);
      if (c === close) {
        this.at = i + 1;
        return isList ? list : map;
      }
      if (c !== COMMA) giveUp();
      i = this.flowNext(i + 1, owner, level, true);
      // A comma before the closing bracket ends the last entry (`["get", "list",]`).
      if (text.charCodeAt(i) === close) {
        this.at = i + 1;
        return isList ? list : map;
      }
    }
  }

  /** An entry of a flow collection at `p`: a nested collection, or a scalar. */
  private flowEntry(p: number, owner: number, level: number): unknown {
    const c = this.text.charCodeAt(p);
    return c === OPEN_BRACKET || c === OPEN_BRACE ? this.flow(p, owner, level + 1) : this.flowScalar(p, false);
  }

  /**
   * Where a flow collection's next token is from `p`: past spaces, and, where `lineBreak`
   * allows, past the line's end to the next line that is not blank (it becomes the line
   * read). A line not indented deeper than `owner` gives up, but for the outermost closing
   * bracket at `owner` itself; so does the end of the text.
   */
  private flowNext(p: number, owner: number, level: number, lineBreak: boolean): number {
    const { text } = this;
    let i = this.skipSpaces(p);
    while (i === this.end) {
      if (!lineBreak || this.next >= text.length) giveUp();
      this.readLine(this.next);
      i = this.skipSpaces(this.lineStart);
      if (i === this.end) continue;
      const col = i - this.lineStart;
      const c = text.charCodeAt(i);
      if (col < owner || (col === owner && (level > 1 || (c !== CLOSE_BRACKET && c !== CLOSE_BRACE)))) giveUp();
    }
    return i;
  }

  /**
   * A scalar inside a flow collection: quoted, or plain up to a `,`, a closing bracket, or
   * (for a key) a `: `. A `:` that could end a key elsewhere, a bracket or a comment gives up.
   */
  private flowScalar(p: number, isKey: boolean): unknown {
    const { text } = this;
    if (p >= this.end) giveUp();
    const c = text.charCodeAt(p);
    if (c === DQUOTE) return this.doubleQuoted(p);
    if (c === SQUOTE) return this.singleQuoted(p);
    if (inTable(NOT_PLAIN_START, c) || (c === DASH && this.endsFlowToken(p + 1))) giveUp();
    let last = p;
    let i = p;
    for (; i < this.end; i++) {
      const d = text.charCodeAt(i);
      if (d === COMMA || d === CLOSE_BRACKET || d === CLOSE_BRACE) break;
      if (d === OPEN_BRACKET || d === OPEN_BRACE || (d === HASH && text.charCodeAt(i - 1) === SPACE)) giveUp();
      if (d === COLON && this.endsFlowToken(i + 1)) {
        if (isKey && text.charCodeAt(i + 1) === SPACE) break;
        giveUp();
      }
      if (d !== SPACE) last = i;
    }
    this.at = i;
    const source = text.slice(p, last + 1);
    if (!isKey) return resolvePlain(source);
    if (resolvePlain(source) !== source) giveUp();
    return source;
  }

  /**
   * A literal (`|`) or folded (`>`) block scalar whose header is at `p`, its body the lines
   * after, indented deeper than `owner` (the column of its key, or of its dash). Chomping
   * and folding as YAML 1.2 has them (productions c-l+literal, c-l+folded and l-chomped-empty):
   * line breaks between lines at the body's indentation fold to a space, and those next to a
   * more-indented line or an empty one stay. An indentation indicator (where js-yaml and
   * `yaml` differ on the spaces of the last lines), an empty body, a leading empty line deeper
   * than the body, or a body that runs to the end of a text with no final line break gives up. Reads the body's
   * lines: `next` is the first line after it.
   */
  private blockScalar(p: number, owner: number): string {
    const { text } = this;
    const folded = text.charCodeAt(p) === GT;
    let chomping = CLIP;
    let h = p + 1;
    const indicator = text.charCodeAt(h);
    if (h < this.end && indicator === DASH) chomping = STRIP;
    else if (h < this.end && indicator === PLUS) chomping = KEEP;
    if (chomping !== CLIP) h++;
    if (h < this.end && (text.charCodeAt(h) !== SPACE || !this.onlyCommentFrom(h))) giveUp();

    let out = '';
    let indent = -1;
    let deepestLeading = 0;
    let emptyLines = 0;
    let readContent = false;
    let moreIndented = false;
    let pos = this.next;
    while (pos < text.length) {
      let lineEnd = text.indexOf('\n', pos);
      if (lineEnd === -1) lineEnd = text.length;
      const end = lineEnd > pos && text.charCodeAt(lineEnd - 1) === CR ? lineEnd - 1 : lineEnd;
      let first = pos;
      while (first < end && text.charCodeAt(first) === SPACE) first++;
      const spaces = first - pos;
      // A line of spaces deeper than the body is text: its spaces past the indentation (both readers agree).
      if (first === end && (indent === -1 || spaces <= indent)) {
        if (indent === -1) deepestLeading = Math.max(deepestLeading, spaces);
        if (lineEnd === text.length) giveUp();
        emptyLines++;
        pos = lineEnd + 1;
        continue;
      }
      if (indent === -1) {
        if (spaces <= owner || deepestLeading > spaces) giveUp();
        indent = spaces;
      } else if (spaces < indent) break;
      if (lineEnd === text.length) giveUp();
      if (!folded) out += '\n'.repeat(readContent ? 1 + emptyLines : emptyLines);
      else if (spaces > indent) {
        moreIndented = true;
        out += '\n'.repeat(readContent ? 1 + emptyLines : emptyLines);
      } else if (moreIndented) {
        moreIndented = false;
        out += '\n'.repeat(emptyLines + 1);
      } else if (emptyLines === 0) {
        if (readContent) out += ' ';
      } else out += '\n'.repeat(emptyLines);
      out += text.slice(pos + indent, end);
      readContent = true;
      emptyLines = 0;
      pos = lineEnd + 1;
    }
    if (indent === -1) giveUp();
    if (chomping === KEEP) out += '\n'.repeat(1 + emptyLines);
    else if (chomping === CLIP) out += '\n';
    this.next = Math.min(pos, text.length + 1);
    return out;
  }
}

function addNull(frame: Frame, key: string): void {
  (frame.nullKeys ??= new Set()).add(key);
}

/** A character go-yaml takes in an anchor's or alias's name (scannerc.go: is_alpha). */
function isAnchorCharacter(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x2d;
}
