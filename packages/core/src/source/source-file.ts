import { isAlias, isMap, isSeq, parseAllDocuments } from 'yaml';
import type { Document, Node, YAMLError } from 'yaml';
import type { Diagnostic } from '../diagnostics.js';
import { decodeSource } from './decode.js';
import type { FieldPath } from './field-path.js';
import { formatPath } from './field-path.js';
import { LineIndex } from './line-index.js';
import { AliasBudgetExceeded, keyString, toValue } from './to-value.js';
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
  /** Offsets of the document's content. */
  start: number;
  end: number;
  yaml: Document | undefined;
}

export interface SourceOptions {
  aliasBudget?: number;
  /** The file could not be read; the reason becomes its only finding. */
  unreadable?: string;
  /** Files larger than this are refused (bytes). */
  maxBytes?: number;
}

export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

export class SourceFile {
  readonly lines: LineIndex;
  readonly documents: SourceDocument[] = [];
  /** File-level and syntax findings, made while reading. */
  readonly diagnostics: Diagnostic[] = [];

  private constructor(
    readonly path: string,
    readonly text: string,
  ) {
    this.lines = new LineIndex(text);
  }

  static fromBytes(path: string, bytes: Uint8Array, options: SourceOptions = {}): SourceFile {
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    if (bytes.length > maxBytes) {
      const file = new SourceFile(path, '');
      file.fileProblem('file/too-large', `file is ${bytes.length} bytes, over the limit of ${maxBytes}; it was not read`);
      return file;
    }
    const decoded = decodeSource(bytes);
    if (!decoded.ok) {
      const file = new SourceFile(path, '');
      file.fileProblem('file/encoding', decoded.message);
      return file;
    }
    return SourceFile.fromText(path, decoded.text, options);
  }

  static fromText(path: string, text: string, options: SourceOptions = {}): SourceFile {
    const file = new SourceFile(path, text);
    if (options.unreadable) file.fileProblem('file/unreadable', options.unreadable);
    else file.read(options);
    return file;
  }

  private fileProblem(ruleId: string, message: string): void {
    this.diagnostics.push({ ruleId, severity: 'error', message, document: 0, path: '', range: this.lines.range(0, 0) });
  }

  private read(options: SourceOptions): void {
    if (this.text.trim() === '') {
      this.diagnostics.push({ ruleId: 'file/empty', severity: 'warning', message: 'file is empty: it holds no YAML document', document: 0, path: '', range: this.lines.range(0, 0) });
      return;
    }
    const depth = flowDepth(this.text);
    if (depth > MAX_FLOW_DEPTH) {
      this.fileProblem('yaml/syntax', `flow collections are nested ${depth} deep; more than ${MAX_FLOW_DEPTH} levels is refused`);
      return;
    }
    let docs: Document[];
    try {
      const parsed = parseAllDocuments(this.text, yamlOptions);
      docs = Array.isArray(parsed) ? (parsed as Document[]) : [];
    } catch (error) {
      // The parser recurses per nesting level; absurd nesting must not take the process down.
      this.fileProblem('yaml/syntax', `YAML could not be read: ${error instanceof RangeError ? 'nesting is too deep' : String(error)}`);
      return;
    }
    docs.forEach((doc, index) => this.addDocument(doc, index, options));
  }

  private addDocument(doc: Document, index: number, options: SourceOptions): void {
    const [start, , end] = doc.range ?? [0, 0, 0];
    const entry: SourceDocument = { index, value: undefined, broken: doc.errors.length > 0, start, end, yaml: doc };
    this.documents.push(entry);
    for (const error of doc.errors) this.diagnostics.push(this.yamlProblem(error, index));
    if (entry.broken) return;
    try {
      entry.value = toValue(doc, options.aliasBudget);
    } catch (error) {
      entry.broken = true;
      const message = error instanceof AliasBudgetExceeded ? error.message : `document could not be converted: ${String(error)}`;
      this.diagnostics.push({ ruleId: 'yaml/alias-limit', severity: 'error', message, document: index, path: '', range: this.lines.range(start, start) });
    }
  }

  private yamlProblem(error: YAMLError, document: number): Diagnostic {
    const [start, end] = error.pos;
    const ruleId = error.code === 'DUPLICATE_KEY' ? 'yaml/duplicate-key' : error.code === 'TAB_AS_INDENT' ? 'yaml/tab-indent' : 'yaml/syntax';
    const message = error.message.replace(/ at line \d+, column \d+:?[\s\S]*$/, '');
    return { ruleId, severity: 'error', message: sentence(message), document, path: '', range: this.lines.range(start, Math.max(end, start + 1)) };
  }

  /**
   * Where a field path sits in the source. Paths that do not exist resolve to their closest
   * existing ancestor (its key when `target` is 'key'), marked inexact.
   */
  locate(document: number, path: FieldPath, target: Target = 'value'): Span {
    const doc = this.documents[document];
    if (!doc?.yaml) return { start: 0, end: 0, exact: false };
    let node: unknown = doc.yaml.contents;
    let best: Span = spanOf(node) ?? { start: doc.start, end: doc.start, exact: true };
    for (let i = 0; i < path.length; i++) {
      const segment = path[i] as string | number;
      if (isAlias(node)) node = node.resolve(doc.yaml);
      let next: unknown;
      let keyNode: unknown;
      if (isMap(node)) {
        const pair = node.items.find((p) => keyString(p.key) === String(segment));
        if (pair) {
          keyNode = pair.key;
          // `key:` with no value has no value node; the key stands for it.
          next = pair.value ?? pair.key;
        }
      } else if (isSeq(node) && typeof segment === 'number') {
        next = node.items[segment];
      }
      if (next === undefined || next === null) return { ...best, exact: false };
      node = next;
      const last = i === path.length - 1;
      const span = spanOf(last && target === 'key' && keyNode ? keyNode : node);
      if (span) best = span;
    }
    return best;
  }

  /** The key of the closest existing ancestor: where a missing field is reported. */
  locateParentKey(document: number, path: FieldPath): Span {
    for (let n = path.length - 1; n >= 1; n--) {
      const parent = path.slice(0, n);
      const span = this.locate(document, parent, 'key');
      if (span.exact) return span;
    }
    const doc = this.documents[document];
    const contents = doc?.yaml?.contents;
    if (isMap(contents) && contents.items[0]) {
      const first = spanOf(contents.items[0].key);
      if (first) return { ...first, exact: false };
    }
    return { start: doc?.start ?? 0, end: doc?.start ?? 0, exact: false };
  }

  describe(path: FieldPath): string {
    return formatPath(path);
  }
}

/**
 * The YAML parser recurses once per nesting level, and thousands of `[` can exhaust the
 * stack in ways that abort the process instead of throwing. Brackets are counted first
 * (quotes ignored: it only over-estimates) so such input is refused before parsing.
 */
const MAX_FLOW_DEPTH = 256;

function flowDepth(text: string): number {
  if (!text.includes('[') && !text.includes('{')) return 0;
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > max) max = depth;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
  }
  return max;
}

function spanOf(node: unknown): Span | undefined {
  if (node && typeof node === 'object' && 'range' in node) {
    const range = (node as Node).range;
    // range[1] ends the value itself, before trailing comments and blank lines.
    if (range) return { start: range[0], end: range[1], exact: true };
  }
  return undefined;
}

function sentence(message: string): string {
  return message.length > 0 ? message[0]!.toLowerCase() + message.slice(1) : message;
}
