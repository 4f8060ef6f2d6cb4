import { CST, Schema, isScalar } from 'yaml';
import type { ScalarTag } from 'yaml';
import { setOwn } from './own-property.js';
import { MAX_NESTING } from './nesting.js';
import { anchorRefusal } from './go-yaml-differences.js';
import { UnresolvedAlias } from './unresolved-alias.js';
import { yamlOptions } from './yaml-schema.js';

/**
 * Turns a CST document straight into the decoded value, skipping the `yaml` package's
 * document model (about a third of its parse time). It covers the YAML that manifests
 * are made of and gives up (`Fallback`) on anything else: tags, merge keys, multi-line
 * flow collections, anything irregular. A fallback document is composed by `yaml` itself,
 * which also finds its errors, so accepting a document here must mean `yaml` would accept
 * it with the same value; a differential test over real and mutated files holds it to that.
 */
export class Fallback extends Error {}

export class AliasBudgetError extends Error {}

/** Collections nest deeper than the limit, from the collection at `offset` on (the first in the text). */
export class TooDeepError extends Error {
  constructor(readonly offset: number) {
    super('collections nested too deep');
  }
}

type Token = CST.Token;
type SourceToken = CST.SourceToken;

const schema = new Schema(yamlOptions);
const plainTags = (schema.tags as ScalarTag[]).filter((t) => t.default === true && t.test);
const FAIL = (): never => {
  throw new Fallback();
};

/**
 * The patterns of the tags a plain scalar may resolve to (yaml-schema.ts): null, the YAML 1.1
 * booleans, integers and floats. Each starts with one of `~-+.0-9` or is a word of at most
 * five letters starting with one of `NnYyTtOoFf` (or is empty, null). mayNotBeString relies
 * on it; a test holds the list to the schema's tags.
 */
export const PLAIN_TAG_PATTERNS = plainTags.map((t) => t.test!.source);

/**
 * False for a plain scalar that no tag above can match, so that it is a string without
 * trying each pattern: most are (names, images, paths, sentences).
 */
function mayNotBeString(source: string): boolean {
  if (source.length === 0) return true;
  const c = source.charCodeAt(0);
  // 0-9, +, -, ., ~
  if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e || c === 0x7e) return true;
  if (source.length > 5) return false;
  // Setting bit 0x20 maps exactly `N` and `n` to `n`, and so on: a letter test without a string made.
  const lower = c | 0x20;
  return lower === 0x6e || lower === 0x79 || lower === 0x74 || lower === 0x6f || lower === 0x66;
}

/**
 * True for `0` or up to 15 digits not starting with 0 (replicas, ports, ids): only the
 * decimal integer tag matches these (YAML 1.1's octal needs a leading 0, its floats a dot
 * or an exponent), and a Number holds them exactly, so they skip trying each pattern.
 */
function isShortDecimal(source: string): boolean {
  const n = source.length;
  if (n === 0 || n > 15) return false;
  const first = source.charCodeAt(0);
  if (first < 0x31 || first > 0x39) return n === 1 && first === 0x30;
  for (let i = 1; i < n; i++) {
    const c = source.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

const COMMON_WORDS: ReadonlyMap<string, { value: unknown }> = new Map([
  ['true', { value: true }],
  ['false', { value: false }],
  ['null', { value: null }],
  ['~', { value: null }],
]);

/** Resolves a plain scalar the way `yaml`'s schema does: first matching tag wins. */
export function resolvePlain(source: string): unknown {
  if (!mayNotBeString(source)) return source;
  if (isShortDecimal(source)) return Number(source);
  // The commonest words of the null and boolean tags, which would otherwise build a node each.
  const word = COMMON_WORDS.get(source);
  if (word !== undefined) return word.value;
  for (const tag of plainTags) {
    if (tag.test!.test(source)) {
      // Some tags (null, YAML 1.1 booleans) hand back a Scalar node to keep their source form.
      const resolved: unknown = tag.resolve(source, FAIL, yamlOptions);
      return isScalar(resolved) ? resolved.value : resolved;
    }
  }
  return source;
}

/** An anchored node: its value, and how many nodes an alias to it expands to. */
interface Anchored {
  value: unknown;
  size: number;
}

/** What an anchor stands for while its own node is being composed: an alias to it is inside it. */
const OPEN: Anchored = { value: undefined, size: 0 };

const BAD_PLAIN_START: ReadonlySet<string> = new Set([',', '%', '|', '>', '@', '`']);
const QUIET: ReadonlySet<string> = new Set(['space', 'newline', 'comment']);

export class FastComposer {
  private anchors = new Map<string, Anchored>();
  private expanded = 0;
  /**
   * The first alias of the document that resolves to nothing. It is only thrown once the
   * whole document is composed: a construct further on that the fast path leaves to `yaml`
   * must still send the document there, so that its own errors are reported too.
   */
  private unresolved: UnresolvedAlias | undefined;
  /**
   * Nodes composed so far, an alias counting as the nodes it expands to: the size of a
   * subtree is the difference across it. A running count, not a size returned with each
   * value, because composing allocates nothing per node beyond the value itself (the
   * garbage collector is a quarter of a lint run's time).
   */
  private nodes = 0;
  /** Plain keys already resolved: a file repeats a few dozen keys thousands of times, and each resolution tries every tag's pattern. */
  private readonly plainKeys = new Map<string, string>();

  constructor(
    private readonly text: string,
    private readonly aliasBudget: number,
  ) {}

  compose(doc: CST.Document): unknown {
    this.anchors = new Map();
    this.expanded = 0;
    this.unresolved = undefined;
    for (const t of doc.start) if (t.type !== 'doc-start' && !this.quiet(t)) FAIL();
    for (const t of doc.end ?? []) if (!this.quiet(t)) FAIL();
    const value = doc.value ? this.node(doc.value, NO_PROPS, 0, 1) : null;
    if (this.unresolved) throw this.unresolved;
    return value;
  }

  private quiet(t: SourceToken): boolean {
    if (!QUIET.has(t.type)) return false;
    // `yaml` wants whitespace before a comment; without it the text means something else.
    if (t.type === 'comment' && t.offset > 0 && !/\s/.test(this.text[t.offset - 1] as string)) FAIL();
    return true;
  }

  private column(offset: number): number {
    return offset - (this.text.lastIndexOf('\n', offset - 1) + 1);
  }

  /**
   * Anchors are the only properties allowed; a tag sends the document to `yaml`. `depth` is
   * the nesting level a collection here would have: the composer measures nesting as it
   * goes (what findTooDeep does for documents it gives up on), so it never recurses deeper
   * than the limit and the common case walks the tree once. The properties are
   * `props[from]` on (an index rather than a slice: one array less per node).
   */
  private node(token: Token, props: readonly SourceToken[], from: number, depth: number): unknown {
    let anchor: string | undefined;
    for (let i = from; i < props.length; i++) {
      const p = props[i] as SourceToken;
      if (p.type === 'anchor') {
        if (anchor !== undefined) FAIL();
        const refused = anchorRefusal(p.source, p.offset, this.text);
        if (refused) throw refused;
        anchor = p.source.slice(1);
      } else if (!this.quiet(p)) FAIL();
    }
    if (anchor === undefined) return this.content(token, depth);
    // Set from the start of its node, as go-yaml does: an alias inside the node then finds it open.
    this.anchors.set(anchor, OPEN);
    const before = this.nodes;
    const value = this.content(token, depth);
    this.anchors.set(anchor, { value, size: this.nodes - before });
    return value;
  }

  private content(token: Token, depth: number): unknown {
    if (depth > MAX_NESTING && (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection'))
      throw new TooDeepError(token.offset);
    switch (token.type) {
      case 'scalar':
      case 'single-quoted-scalar':
      case 'double-quoted-scalar':
        if (token.end) for (const t of token.end) if (!this.quiet(t)) FAIL();
        this.nodes++;
        return this.scalar(token);
      case 'block-scalar':
        this.nodes++;
        return this.scalar(token);
      case 'alias': {
        if (token.end) for (const t of token.end) if (!this.quiet(t)) FAIL();
        const refused = anchorRefusal(token.source, token.offset, this.text);
        if (refused) throw refused;
        const name = token.source.slice(1);
        const target = this.anchors.get(name);
        if (target === undefined || target === OPEN) {
          this.unresolved ??= new UnresolvedAlias(token.offset, token.offset + token.source.length, name, target === OPEN);
          this.nodes++;
          return null;
        }
        this.expanded += target.size;
        if (this.expanded > this.aliasBudget) throw new AliasBudgetError();
        this.nodes += target.size;
        return target.value;
      }
      case 'block-map':
        return this.blockMap(token, depth);
      case 'block-seq':
        return this.blockSeq(token, depth);
      case 'flow-collection':
        return this.flow(token, depth);
      default:
        return FAIL();
    }
  }

  private scalar(token: CST.FlowScalar | CST.BlockScalar): unknown {
    if (token.type === 'scalar') {
      if (token.source.includes('\t')) FAIL();
      // Characters a plain scalar may not start with; `yaml` reports them as errors.
      if (BAD_PLAIN_START.has(token.source[0] as string)) FAIL();
      if (!token.source.includes('\n')) return resolvePlain(token.source);
      // A plain scalar over several lines is folded first, and its tag found from the folded text, as `yaml` does.
      const folded = CST.resolveAsScalar(token, true, FAIL);
      return resolvePlain(folded?.value ?? FAIL());
    }
    const resolved = CST.resolveAsScalar(token, true, FAIL);
    return resolved?.value ?? FAIL();
  }

  private key(token: Token | null | undefined): string {
    if (!token || (token.type !== 'scalar' && token.type !== 'single-quoted-scalar' && token.type !== 'double-quoted-scalar'))
      return FAIL();
    if (token.source.length > 1024 || token.source.includes('\n')) FAIL();
    if (token.type === 'scalar' && token.source === '<<') FAIL(); // merge keys: left to `yaml`
    if (token.end) for (const t of token.end) if (t.type !== 'space') FAIL();
    if (token.type === 'scalar') {
      const known = this.plainKeys.get(token.source);
      if (known !== undefined) return known;
    }
    const value = this.scalar(token);
    const key = typeof value === 'string' ? value : String(value);
    if (token.type === 'scalar') this.plainKeys.set(token.source, key);
    return key;
  }

  private blockMap(map: CST.BlockMap, depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    // Keys whose value is null are left out of `out`; only they need remembering apart to
    // find a repeated key (most maps have none, so no set is made for them).
    let nullKeys: Set<string> | undefined;
    this.nodes++;
    let keyColumn = -1;
    for (const item of map.items) {
      if ('explicitKey' in item && item.explicitKey) FAIL();
      for (const t of item.start) if (!this.quiet(t)) FAIL();
      // Comment lines after the last entry, at any column: `yaml` keeps no entry for them.
      if (!item.key && !item.sep && !item.value) continue;
      const keyToken = item.key ?? FAIL();
      const column = this.column(keyToken.offset);
      if (keyColumn === -1) keyColumn = column;
      else if (column !== keyColumn) FAIL();
      const key = this.key(keyToken);
      if (Object.hasOwn(out, key) || nullKeys?.has(key)) FAIL(); // duplicate: `yaml` reports it
      const sep = item.sep ?? FAIL();
      if (sep[0]?.type !== 'map-value-ind') FAIL();
      let value: unknown = null;
      if (item.value) {
        // A block collection must start on a later line than its key (`a: b: c` is an error).
        if ((item.value.type === 'block-map' || item.value.type === 'block-seq') && !hasNewline(sep)) FAIL();
        value = this.node(item.value, sep, 1, depth + 1);
      } else {
        for (let i = 1; i < sep.length; i++) if (!this.quiet(sep[i] as SourceToken)) FAIL();
      }
      if (value !== null && value !== undefined) setOwn(out, key, value);
      else (nullKeys ??= new Set()).add(key);
    }
    return out;
  }

  private blockSeq(seq: CST.BlockSequence, depth: number): unknown[] {
    const out: unknown[] = [];
    this.nodes++;
    let column = -1;
    for (const item of seq.items) {
      const indicator = item.start.findIndex((t) => t.type === 'seq-item-ind');
      if (indicator === -1) {
        // Comment lines after the last item: `yaml` keeps no item for them.
        if (item.value) FAIL();
        for (const t of item.start) if (!this.quiet(t)) FAIL();
        continue;
      }
      for (let i = 0; i < indicator; i++) if (!this.quiet(item.start[i] as SourceToken)) FAIL();
      const c = this.column((item.start[indicator] as SourceToken).offset);
      if (column === -1) column = c;
      else if (c !== column) FAIL();
      if (item.value) {
        out.push(this.node(item.value, item.start, indicator + 1, depth + 1));
      } else {
        for (let i = indicator + 1; i < item.start.length; i++) if (!this.quiet(item.start[i] as SourceToken)) FAIL();
        out.push(null);
        this.nodes++;
      }
    }
    return out;
  }

  /** Single-line flow collections of plain entries; anything else goes to `yaml`. */
  private flow(flow: CST.FlowCollection, depth: number): unknown {
    const isMap = flow.start.type === 'flow-map-start';
    const [close, ...after] = flow.end;
    if (!close || close.type !== (isMap ? 'flow-map-end' : 'flow-seq-end')) FAIL();
    for (const t of after) if (!this.quiet(t)) FAIL();
    if (this.text.slice(flow.offset, (close as SourceToken).offset).includes('\n')) FAIL();
    this.nodes++;
    const entries: [string, unknown][] = [];
    const seen = new Set<string>();
    const list: unknown[] = [];
    flow.items.forEach((item, i) => {
      let sawComma = false;
      for (const t of item.start) {
        if (t.type === 'comma' && !sawComma && i > 0) sawComma = true;
        else if (t.type !== 'space') FAIL();
      }
      if (i > 0 && !sawComma) FAIL();
      if (isMap) {
        const key = this.key(item.key);
        const sep = item.sep ?? FAIL();
        if (sep[0]?.type !== 'map-value-ind') FAIL();
        let value: unknown = null;
        if (item.value) value = this.node(item.value, sep, 1, depth + 1);
        else this.nodes++;
        if (seen.has(key)) FAIL(); // duplicate: `yaml` reports it
        seen.add(key);
        entries.push([key, value]);
      } else {
        if (item.key || item.sep) FAIL();
        list.push(this.node(item.value ?? FAIL(), NO_PROPS, 0, depth + 1));
      }
    });
    // A trailing comma is fine in YAML; a comma before the first entry is not.
    const value = isMap ? Object.fromEntries(entries.filter(([, v]) => v !== null && v !== undefined)) : list;
    return value;
  }
}

const NO_PROPS: readonly SourceToken[] = [];

function hasNewline(tokens: readonly SourceToken[]): boolean {
  for (const t of tokens) if (t.type === 'newline') return true;
  return false;
}
