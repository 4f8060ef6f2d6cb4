import { Composer, Parser } from 'yaml';
import type { CST, Document, YAMLError } from 'yaml';
import type { Diagnostic } from '../diagnostics.js';
import { scannedSpan } from './block-scan.js';
import { locateInCst, removalInCst, scalarInCst, spanOf } from './cst-locate.js';
import type { ScalarSource } from './cst-locate.js';
import { collectComments } from './comments.js';
import type { Comment } from './comments.js';
import { forEachToken } from './cst-walk.js';
import { Refusal, platformRefusal, readByPlatform, tagLeftByPlatform } from './go-yaml-differences.js';
import { decodeSource } from './decode.js';
import { findDuplicateKeys } from './duplicate-keys.js';
import type { DuplicateKey } from './duplicate-keys.js';
import { AliasBudgetError, Fallback, FastComposer, TooDeepError } from './fast-compose.js';
import type { FieldPath } from './field-path.js';
import { formatPath } from './field-path.js';
import { firstKeySpan, headerFieldSpan } from './header-locate.js';
import { withLineFeeds } from './line-breaks.js';
import { LineIndex } from './line-index.js';
import { nestingOf, withoutNulls } from './json-value.js';
import { MAX_SOURCE_BYTES, type ReadProblem } from './read-bounded.js';
import { findTooDeep, MAX_NESTING } from './nesting.js';
import { AliasBudgetExceeded, DEFAULT_ALIAS_BUDGET, toValue } from './to-value.js';
import { CollectionKey } from './collection-key.js';
import { UnresolvedAlias } from './unresolved-alias.js';
import { readValuesOnly } from './values-only-read.js';
import { yamlOptions } from './yaml-schema.js';

/** Which part of a `key: value` entry a location should cover. */
export type Target = 'key' | 'value';

export interface Span {
  start: number;
  end: number;
  /** False when the path does not exist and the span is its closest existing ancestor. */
  exact: boolean;
}

export interface SourceDocument {
  index: number;
  /** The decoded value (null map entries dropped); undefined when the document failed to parse. */
  value: unknown;
  /** True when the document has syntax errors: it is reported, not linted. */
  broken: boolean;
  /** Offsets of the document, from its `---` (if any) to the next document. */
  start: number;
  end: number;
  /** The document's concrete syntax tree: positions are found in it (parsed again on first use after reading; see ReadDocument). */
  readonly cst: CST.Document;
  /**
   * Which stage read it: `loader`, values only (values-only-read.ts: its tree is parsed when a
   * position is first asked for); the fast composer over `yaml`'s syntax tree; `yaml` itself
   * (irregular or broken YAML); or a decoded value (fromValue).
   */
  composedBy: 'loader' | 'fast' | 'yaml' | 'value';
}

/** Where each document of a text starts and ends (offsets). */
export type DocumentLayout = readonly { readonly start: number; readonly end: number }[];

export interface SourceOptions {
  aliasBudget?: number;
  /** Files larger than this are refused (bytes). */
  maxBytes?: number;
  /** The file could not be read; the reason becomes its only finding. */
  unreadable?: string;
  /** Files shorter than this (characters) keep the syntax trees of their documents; see ReadDocument. */
  keepTreesBelow?: number;
  /**
   * True for a document value whose positions will be asked for whatever it holds (the
   * engine places a finding on every kind it does not check): its tree is kept rather than
   * parsed again.
   */
  keepTreeOf?: (value: unknown) => boolean;
  /**
   * False to read with the syntax tree from the start (the reader of record) rather than
   * values first (values-only-read.ts); the differential test compares both.
   */
  valuesFirst?: boolean;
  /**
   * True for a file that is another tool's to read as it stands (a Helm chart's template,
   * lint/file-roles.ts): its text and lines only, no document read. Reading a template's
   * logic as YAML found nothing that was kept, at the cost of the slowest path, `yaml`
   * reporting every line it could not read.
   */
  textOnly?: boolean;
}

const DEFAULT_MAX_BYTES = MAX_SOURCE_BYTES;

/**
 * Reading and linting a file allocate about 400 bytes per character of it, and the young
 * generation is collected every 16 MiB or so: the trees of a file much shorter than 40,000
 * characters die before a collection finds them alive twice, and parsing them again for
 * findings would only cost (real-world corpus, 1,181 files, median 1 KiB: +11% CPU when
 * every file let its trees go). From 16 KiB on, letting them go pays.
 */
const DEFAULT_KEEP_TREES_BELOW = 16 * 1024;

const SIMPLE_TOP_LEVEL: ReadonlySet<string> = new Set(['document', 'doc-end', 'comment', 'newline', 'space', 'byte-order-mark']);

/**
 * A YAML file as platlint reads it: its documents with decoded values, the findings made
 * while reading, and the way back from a field path to a place in the text.
 */
export class SourceFile {
  readonly lines: LineIndex;
  readonly documents: SourceDocument[] = [];
  /** File-level and syntax findings, made while reading. */
  readonly diagnostics: Diagnostic[] = [];
  private foundComments: readonly Comment[] | undefined;

  /**
   * What the YAML parser reads: `text` with each lone CR made a LF (line-breaks.ts), of the
   * same length. `text` itself stays as read, for the digests and fixes written back to the file.
   */
  private readonly yamlText: string;

  private constructor(
    readonly path: string,
    readonly text: string,
  ) {
    this.lines = new LineIndex(text);
    this.yamlText = withLineFeeds(text);
  }

  static fromBytes(path: string, bytes: Uint8Array, options: SourceOptions = {}): SourceFile {
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    if (bytes.length > maxBytes) return SourceFile.unread(path, { tooLarge: true, size: bytes.length, limit: maxBytes });
    const decoded = decodeSource(bytes);
    if (!decoded.ok) {
      const file = new SourceFile(path, '');
      file.fileProblem('file/encoding', decoded.message);
      return file;
    }
    return SourceFile.fromText(path, decoded.text, options);
  }

  /** A file that was not read (see readBoundedFileSync): its one finding says why. */
  static unread(path: string, problem: ReadProblem): SourceFile {
    const file = new SourceFile(path, '');
    if (!problem.tooLarge) file.fileProblem('file/unreadable', `cannot read file: ${problem.reason}`);
    else if (problem.size === undefined)
      file.fileProblem('file/too-large', `input is over the limit of ${problem.limit} bytes; it was not read`);
    else file.fileProblem('file/too-large', `file is ${problem.size} bytes, over the limit of ${problem.limit}; it was not read`);
    return file;
  }

  /**
   * A text read before, opened again for positions only (see layout): its documents have no
   * values, and each is parsed alone when a position in it is first asked for.
   */
  static fromLayout(path: string, text: string, layout: DocumentLayout): SourceFile {
    const file = new SourceFile(path, text);
    layout.forEach(({ start, end }, index) => file.documents.push(new ReadDocument(file.yamlText, index, start, end)));
    return file;
  }

  /**
   * Where the documents are, when each can be parsed again alone (every one read by the fast
   * composer, none broken, no finding made while reading): enough to open the same text
   * again later for positions without reading it whole (fromLayout). Undefined otherwise.
   */
  layout(): DocumentLayout | undefined {
    if (this.diagnostics.length > 0) return undefined;
    const out: { start: number; end: number }[] = [];
    for (const d of this.documents) {
      if (!(d instanceof ReadDocument) || (d.composedBy !== 'fast' && d.composedBy !== 'loader') || d.broken || !d.startsLine())
        return undefined;
      out.push({ start: d.start, end: d.end });
    }
    return out;
  }

  static fromText(path: string, text: string, options: SourceOptions = {}): SourceFile {
    const file = new SourceFile(path, text);
    if (options.unreadable) file.fileProblem('file/unreadable', options.unreadable);
    else file.read(options);
    return file;
  }

  /**
   * A decoded value (an admission request's object) linted as it is: no YAML text is made
   * and parsed back, so strings such as "yes" or "0b101" and keys such as "y" keep their
   * type. Findings carry their field path; the text, the value as indented JSON, only
   * gives them a range.
   */
  static fromValue(path: string, value: unknown): SourceFile {
    if (nestingOf(value) > MAX_NESTING) {
      const file = new SourceFile(path, '');
      file.fileProblem('yaml/syntax', `the object is nested more than ${MAX_NESTING} levels deep; deeper nesting is refused`);
      return file;
    }
    const file = new SourceFile(path, JSON.stringify(value, null, 2) ?? 'null');
    const doc = [...new Parser().parse(file.text)].find((t): t is CST.Document => t.type === 'document');
    if (doc)
      file.documents.push({
        index: 0,
        value: withoutNulls(value),
        broken: false,
        start: 0,
        end: file.text.length,
        cst: doc,
        composedBy: 'value',
      });
    return file;
  }

  private fileProblem(ruleId: string, message: string): void {
    this.diagnostics.push({ ruleId, severity: 'error', message, document: 0, path: '', range: this.lines.range(0, 0) });
  }

  private read(options: SourceOptions): void {
    if (options.textOnly) return;
    if (this.text.trim() === '') {
      this.diagnostics.push({
        ruleId: 'file/empty',
        severity: 'warning',
        message: 'file is empty: it holds no YAML document',
        document: 0,
        path: '',
        range: this.lines.range(0, 0),
      });
      return;
    }
    // The values-first readers refuse control characters: a text they read holds none.
    if (options.valuesFirst !== false && this.readValuesFirst(options.aliasBudget)) return;
    // Directives, stray tokens and tabs are rare and subtle: such a file goes to `yaml` whole.
    if (this.text.includes('\t') || !this.readRegular(options)) {
      this.documents.length = 0;
      this.diagnostics.length = 0;
      this.readIrregular(options);
    }
    this.refuseControlCharacter();
  }

  /**
   * `yaml` reads control characters, but the platform's reader (go-yaml's, readerc.go: "control
   * characters are not allowed") refuses a document holding one: only tab, line feed, carriage
   * return and NEL are allowed, with the printable characters. Reported once, at the first.
   */
  private refuseControlCharacter(): void {
    const at = this.text.search(CONTROL_CHARACTER);
    if (at < 0) return;
    const code = this.text.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0');
    const doc = this.documents.find((d) => d.start <= at && at < d.end);
    this.diagnostics.push({
      ruleId: 'yaml/syntax',
      severity: 'error',
      message: `control character U+${code}: YAML allows none but tab, line feed and carriage return, and the platform refuses the document`,
      document: doc?.index ?? 0,
      path: '',
      range: this.lines.range(at, at + 1),
    });
  }

  /**
   * The first stage: the documents' values alone, no syntax tree (values-only-read.ts). Each
   * document's tree is parsed from its own text when a position in it is first asked for, as
   * for a document opened from its layout. False when the file is for the stages after it.
   */
  private readValuesFirst(aliasBudget: number | undefined): boolean {
    const loaded = readValuesOnly(this.yamlText, aliasBudget);
    if (!loaded) return false;
    loaded.forEach(({ start, end, value }, index) => {
      const entry = new ReadDocument(this.yamlText, index, start, end);
      entry.value = value;
      entry.composedBy = 'loader';
      this.documents.push(entry);
    });
    return true;
  }

  /**
   * Reads a file as the parser hands out its documents, each composed (and its tree let go)
   * before the next is parsed, so that no syntax tree outlives its own document's parse (see
   * ReadDocument). False, with the reading left half done, when the file turns out irregular
   * (a top-level token other than documents, comments and blank space, or a parser that
   * gives up): the caller reads it again with readIrregular.
   */
  private readRegular(options: SourceOptions): boolean {
    const fast = new FastComposer(this.yamlText, options.aliasBudget ?? DEFAULT_ALIAS_BUDGET);
    const stream = new Parser().parse(this.yamlText);
    let previous: ReadDocument | undefined;
    for (;;) {
      let next: IteratorResult<CST.Token>;
      try {
        next = stream.next();
      } catch {
        return false;
      }
      if (next.done) break;
      const token = next.value;
      if (!SIMPLE_TOP_LEVEL.has(token.type)) return false;
      if (token.type !== 'document') continue;
      if (previous) previous.end = token.offset;
      const entry = new ReadDocument(this.yamlText, this.documents.length, token.offset, this.text.length, token);
      this.documents.push(entry);
      this.compose(entry, fast, [], options);
      previous = entry;
    }
    return true;
  }

  /** Reads a file whole with its top-level tokens in view: directives shape the documents after them. */
  private readIrregular(options: SourceOptions): void {
    let tokens: CST.Token[];
    try {
      tokens = [...new Parser().parse(this.yamlText)];
    } catch (error) {
      this.fileProblem(
        'yaml/syntax',
        `YAML could not be read: ${error instanceof RangeError ? 'nesting is too deep' : String(error)}`,
      );
      return;
    }
    const docs = tokens.filter((t): t is CST.Document => t.type === 'document');
    docs.forEach((doc, index) => {
      const next = docs[index + 1];
      const entry = new ReadDocument(this.yamlText, index, doc.offset, next ? next.offset : this.text.length, doc);
      this.documents.push(entry);
      this.compose(entry, undefined, tokens, options);
    });
    // Stray top-level tokens (an unterminated document, a lone error) belong to no document of
    // their own: each is reported with the document it follows (the first, before any).
    for (const t of tokens)
      if (t.type === 'error')
        this.diagnostics.push({
          ruleId: 'yaml/syntax',
          severity: 'error',
          message: sentence(t.message),
          document: documentBefore(docs, t.offset),
          path: '',
          range: this.lines.range(t.offset, t.offset + Math.max(1, t.source.length)),
        });
  }

  /** Composes a document: on the fast path when there is one and it covers the document, by `yaml` otherwise. */
  private compose(
    entry: ReadDocument,
    fast: FastComposer | undefined,
    tokens: readonly CST.Token[],
    options: SourceOptions,
  ): void {
    const doc = entry.cst;
    if (fast) {
      try {
        entry.value = fast.compose(doc);
        if (this.text.length >= (options.keepTreesBelow ?? DEFAULT_KEEP_TREES_BELOW) && !options.keepTreeOf?.(entry.value))
          entry.releaseTree();
        return;
      } catch (error) {
        if (error instanceof TooDeepError) return this.tooDeepProblem(entry, error.offset);
        if (error instanceof AliasBudgetError) return this.aliasProblem(entry, options);
        if (error instanceof UnresolvedAlias || error instanceof CollectionKey || error instanceof Refusal)
          return this.refusedNode(entry, error);
        if (!(error instanceof Fallback)) throw error;
      }
    }
    // `yaml` composes recursively: measure the nesting before it sees the document.
    const tooDeep = findTooDeep(doc);
    if (tooDeep) return this.tooDeepProblem(entry, tooDeep.offset);
    entry.composedBy = 'yaml';
    this.composeWithYaml(entry, tokens, options);
  }

  /** The reference path: `yaml` composes the document, reports its errors, and we convert it. */
  private composeWithYaml(entry: ReadDocument, tokens: readonly CST.Token[], options: SourceOptions): void {
    let doc: Document | undefined;
    try {
      // Directives before the document shape how it is read; give them to the composer too.
      doc = [...new Composer(yamlOptions).compose([...directivesBefore(tokens, entry), entry.cst], false, this.text.length)][0];
    } catch (error) {
      this.brokenDocument(
        entry,
        `YAML could not be read: ${error instanceof RangeError ? 'nesting is too deep' : String(error)}`,
      );
      return;
    }
    if (!doc) return;
    const refusals = (d: Document): YAMLError[] => d.errors.filter((e) => !readByPlatform(e, this.yamlText));
    let errors = refusals(doc);
    // A repeated key alone does not stop the reading: the platform keeps the last value, and
    // the rest of the document still deserves its checks. It is reported at the key's own path.
    if (errors.length > 0 && errors.every((e) => e.code === 'DUPLICATE_KEY')) {
      doc = [
        ...new Composer({ ...yamlOptions, uniqueKeys: false }).compose(
          [...directivesBefore(tokens, entry), entry.cst],
          false,
          this.text.length,
        ),
      ][0] as Document;
      errors = refusals(doc);
      for (const dup of findDuplicateKeys(doc)) this.diagnostics.push(this.duplicateKey(dup, entry.index));
    }
    const refusedTags = doc.warnings.filter((w) => w.code === 'TAG_RESOLVE_FAILED' && !tagLeftByPlatform(w));
    for (const error of [...errors, ...refusedTags]) this.diagnostics.push(this.yamlProblem(error, entry.index));
    if (errors.length > 0) {
      entry.broken = true;
      return;
    }
    const refused = platformRefusal(entry.cst, this.yamlText);
    if (refused) return this.refusedNode(entry, refused);
    try {
      entry.value = toValue(doc, options.aliasBudget);
    } catch (error) {
      if (error instanceof AliasBudgetExceeded) return this.aliasProblem(entry, options);
      if (error instanceof UnresolvedAlias || error instanceof CollectionKey) return this.refusedNode(entry, error);
      this.brokenDocument(entry, `document could not be converted: ${String(error)}`);
    }
  }

  private brokenDocument(entry: SourceDocument, message: string): void {
    entry.broken = true;
    this.diagnostics.push({
      ruleId: 'yaml/syntax',
      severity: 'error',
      message,
      document: entry.index,
      path: '',
      range: this.lines.range(entry.start, entry.start),
    });
  }

  private tooDeepProblem(entry: SourceDocument, offset: number): void {
    entry.broken = true;
    entry.value = undefined;
    const message = `collections are nested more than ${MAX_NESTING} levels deep here; deeper nesting is refused`;
    this.diagnostics.push({
      ruleId: 'yaml/syntax',
      severity: 'error',
      message,
      document: entry.index,
      path: '',
      range: this.lines.range(offset, offset + 1),
    });
  }

  private aliasProblem(entry: SourceDocument, options: SourceOptions): void {
    entry.broken = true;
    entry.value = undefined;
    const limit = options.aliasBudget ?? DEFAULT_ALIAS_BUDGET;
    const message = `aliases expand to more than ${limit} nodes; refusing to expand (possible "billion laughs" document)`;
    this.diagnostics.push({
      ruleId: 'yaml/alias-limit',
      severity: 'error',
      message,
      document: entry.index,
      path: '',
      range: this.lines.range(entry.start, entry.start),
    });
  }

  /** A node the platform's YAML reader refuses (an alias to nothing, a collection as a key): the document is broken there. */
  private refusedNode(entry: SourceDocument, node: Pick<Refusal, 'message' | 'start' | 'end'>): void {
    entry.broken = true;
    entry.value = undefined;
    this.diagnostics.push({
      ruleId: 'yaml/syntax',
      severity: 'error',
      message: node.message,
      document: entry.index,
      path: '',
      range: this.lines.range(node.start, node.end),
    });
  }

  private duplicateKey(dup: DuplicateKey, document: number): Diagnostic {
    const key = String(dup.path[dup.path.length - 1]);
    const first = this.lines.position(dup.firstAt).line;
    const message = `"${key}" is set twice in this mapping (first on line ${first}); the platform keeps only the last value, and strict field validation refuses the object`;
    return {
      ruleId: 'yaml/duplicate-key',
      severity: 'error',
      message,
      document,
      path: formatPath(dup.path),
      range: this.lines.range(dup.start, dup.end),
    };
  }

  private yamlProblem(error: YAMLError, document: number): Diagnostic {
    const [start, end] = error.pos;
    const ruleId =
      error.code === 'DUPLICATE_KEY' ? 'yaml/duplicate-key' : error.code === 'TAB_AS_INDENT' ? 'yaml/tab-indent' : 'yaml/syntax';
    const message = error.message.replace(/ at line \d+, column \d+:?[\s\S]*$/, '');
    return {
      ruleId,
      severity: 'error',
      message: sentence(message),
      document,
      path: '',
      range: this.lines.range(start, Math.max(end, start + 1)),
    };
  }

  /**
   * Where a field path sits in the source. Paths that do not exist resolve to their closest
   * existing ancestor, marked inexact.
   */
  locate(document: number, path: FieldPath, target: Target = 'value'): Span {
    const doc = this.documents[document];
    if (!doc) return { start: 0, end: 0, exact: false };
    // A top-level field of a document read values first (apiVersion, kind) is found on its
    // first lines when they are plain enough, without parsing its syntax tree (header-locate.ts).
    const headerReadable = this.headerReadable(doc);
    if (headerReadable && path.length === 1 && typeof path[0] === 'string') {
      const span = headerFieldSpan(this.yamlText, doc.start, doc.end, doc.value, path[0], target);
      if (span) return span;
    }
    // Deeper fields of the same documents: read again by the block scanner, where it is sure,
    // while the document has few findings (each read is of the whole document; its tree,
    // once parsed, answers any number of them).
    if (headerReadable && doc instanceof ReadDocument && doc.mayScanAgain()) {
      const span = scannedSpan(this.yamlText, doc.start, doc.end, path, target);
      if (span) return span;
    }
    return locateInCst(doc.cst, path, target);
  }

  /**
   * Whether a document's first lines may be read for positions: one read values first, or one
   * the fast composer read (whose tree a file of 16 KiB or more let go) in a file read without a
   * problem (a repeated key is one: the header's first `kind:` line need not be the one the
   * tree finds).
   */
  private headerReadable(doc: SourceDocument): boolean {
    return doc.composedBy === 'loader' || (doc.composedBy === 'fast' && this.diagnostics.length === 0);
  }

  /** The raw source of the scalar at a path: for mapping positions inside it (CEL expressions). */
  scalarSource(document: number, path: FieldPath): ScalarSource | undefined {
    const doc = this.documents[document];
    return doc ? scalarInCst(doc.cst, path, this.yamlText) : undefined;
  }

  /**
   * The YAML comments of the file (real comment tokens, never text inside a scalar); found on
   * first use, from a parse of its own: only files with suppressions ask, and the syntax trees
   * of the read are not kept (see ReadDocument).
   */
  get comments(): readonly Comment[] {
    this.foundComments ??= this.text === '' ? [] : collectComments([...new Parser().parse(this.yamlText)]);
    return this.foundComments;
  }

  /** The smallest edit that removes the list item at a path (see removalInCst). */
  removalSpan(document: number, path: FieldPath): { start: number; end: number } | undefined {
    const doc = this.documents[document];
    return doc && doc.composedBy !== 'value' ? removalInCst(doc.cst, path, this.yamlText) : undefined;
  }

  /** The key of the closest existing ancestor: where a missing field is reported. */
  locateParentKey(document: number, path: FieldPath): Span {
    for (let n = path.length - 1; n >= 1; n--) {
      const span = this.locate(document, path.slice(0, n), 'key');
      if (span.exact) return span;
    }
    const doc = this.documents[document];
    const firstKey = doc && this.headerReadable(doc) ? firstKeySpan(this.yamlText, doc.start, doc.end) : undefined;
    if (firstKey) return { ...firstKey, exact: false };
    const contents = doc?.cst.value;
    const first = contents?.type === 'block-map' || contents?.type === 'flow-collection' ? contents.items[0] : undefined;
    if (first?.key) return { ...spanOf(first.key), exact: false };
    return { start: doc?.start ?? 0, end: doc?.start ?? 0, exact: false };
  }
}

/** How many positions in one document the block scanner finds before its tree is parsed instead (ReadDocument.mayScanAgain). */
const SCANS_BEFORE_TREE = 8;

/**
 * A document as read from the text. A syntax tree takes about 30 times the memory of its
 * text, and it was kept for the whole lint of its file: long enough that the young
 * generation's collector copied it and promoted it to old space, file after file (twice as
 * many bytes promoted as a bare `yaml` parse of the same files). So a document the fast
 * composer read in a file that is not small lets its tree go, and the tree is parsed again,
 * from the document's own text, when a position is first asked for: in practice, when it
 * has a finding. Documents `yaml` composed (irregular or broken YAML, directives) keep theirs.
 */
class ReadDocument implements SourceDocument {
  value: unknown = undefined;
  broken = false;
  composedBy: SourceDocument['composedBy'] = 'fast';
  constructor(
    private readonly text: string,
    readonly index: number,
    readonly start: number,
    public end: number,
    /** Absent for a document opened from a layout: parsed on first use. */
    private tree?: CST.Document,
  ) {}

  get cst(): CST.Document {
    this.tree ??= parseDocumentAt(this.text, this.start, this.end);
    return this.tree;
  }

  /** Reads of this document by the block scanner so far, for positions (SourceFile.locate). */
  private scans = 0;

  /**
   * Whether a position may come from reading the document again (block-scan.ts scannedSpan):
   * not once its tree is parsed, nor past a few reads, so that a document with a finding on
   * each of thousands of fields costs one parse, not thousands of reads.
   */
  mayScanAgain(): boolean {
    return this.tree === undefined && this.scans++ < SCANS_BEFORE_TREE;
  }

  /** Parsing the document alone gives back its tree when it starts a line. */
  startsLine(): boolean {
    return this.start === 0 || this.text[this.start - 1] === '\n';
  }

  releaseTree(): void {
    if (this.startsLine()) this.tree = undefined;
  }
}

/**
 * The syntax tree of the document that starts a line at `start`, parsed alone and moved to
 * its place: every offset is then the one in the whole text (indentation is measured from the
 * line's start, which the slice keeps). Blanking the text before it instead would make the
 * parser read that much again. The slice runs on to the end of the next document's first
 * line: how a document ends depends on what follows it (`yaml` drops the line break after a
 * comment that the next `---` closes, and keeps it at the end of the text).
 */
function parseDocumentAt(text: string, start: number, end: number): CST.Document {
  const lineEnd = end < text.length ? text.indexOf('\n', end) : -1;
  for (const token of new Parser().parse(text.slice(start, lineEnd === -1 ? text.length : lineEnd + 1))) {
    if (token.type === 'document') {
      shiftOffsets(token, start);
      return token;
    }
  }
  throw new Error(`no document at offset ${start}`);
}

/** Adds `by` to the offset of every token of a tree. */
function shiftOffsets(tree: CST.Document, by: number): void {
  forEachToken([tree], (token) => {
    if (typeof token.offset === 'number') token.offset += by;
  });
}

/** The index of the last document that starts at or before `offset`; 0 when none does. */
function documentBefore(docs: readonly CST.Document[], offset: number): number {
  let index = 0;
  for (let i = 0; i < docs.length && (docs[i] as CST.Document).offset <= offset; i++) index = i;
  return index;
}

/** Directives before a document shape how it is read; the composer needs them too. */
function directivesBefore(tokens: readonly CST.Token[], entry: SourceDocument): CST.Token[] {
  return tokens.filter((t) => t.type === 'directive' && t.offset < entry.start);
}

function sentence(message: string): string {
  return message.length > 0 ? message[0]!.toLowerCase() + message.slice(1) : message;
}

/** What go-yaml's reader refuses: characters outside YAML's printable set (tab, LF, CR and NEL allowed). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufffe\uffff]/;
