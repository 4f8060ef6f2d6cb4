import { CST } from 'yaml';
import type { PathSegment } from './field-path.js';
import { resolvePlain } from './fast-compose.js';
import { FileMemo } from '../lint/file-memo.js';

/**
 * Finds where a field path sits by walking the CST, so that positions need no document
 * model: the same walk serves documents composed by the fast path and by `yaml`.
 */
type Token = CST.Token;

export interface CstSpan {
  start: number;
  end: number;
  exact: boolean;
}

interface Found {
  /** The token of the value at the path (or of its key, when the value is empty). */
  node: Token;
  key: Token | undefined;
  /** How many leading segments of the path were found. */
  depth: number;
}

/** Walks the CST along a path, through aliases, as far as it exists. */
function walk(doc: CST.Document, path: readonly PathSegment[]): Found | undefined {
  let anchors: Map<string, Token> | undefined;
  const resolveAlias = (token: Token): Token => {
    if (token.type !== 'alias') return token;
    anchors ??= collectAnchors(doc);
    return anchors.get(token.source.slice(1)) ?? token;
  };
  let node: Token | undefined = doc.value;
  if (!node) return undefined;
  let key: Token | undefined;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i] as PathSegment;
    const container = resolveAlias(node);
    let next: Token | undefined;
    let nextKey: Token | undefined;
    if (container.type === 'block-map' || (container.type === 'flow-collection' && container.start.type === 'flow-map-start')) {
      const item = keyIndex(container).get(String(segment));
      if (item?.key) {
        nextKey = item.key;
        next = item.value ?? item.key;
      }
    } else if ((container.type === 'block-seq' || container.type === 'flow-collection') && typeof segment === 'number') {
      next = container.items[segment]?.value ?? undefined;
    }
    if (!next) return { node, key, depth: i };
    node = next;
    key = nextKey;
  }
  return { node, key, depth: path.length };
}

type MapToken = CST.BlockMap | CST.FlowCollection;
type MapItem = MapToken['items'][number];
/** Kept while the file is linted (FileMemo says why). */
const keyIndexes = new FileMemo<MapToken, Map<string, MapItem>>();

/**
 * The items of a mapping by key text, built once per mapping: a document with thousands of
 * keys and a finding on each must not scan the whole mapping per finding. Of duplicate
 * keys the last one wins, as in the decoded value.
 */
function keyIndex(map: MapToken): Map<string, MapItem> {
  let index = keyIndexes.get(map);
  if (!index) {
    index = new Map();
    for (const item of map.items) {
      const text = item.key ? keyText(item.key) : undefined;
      if (text !== undefined) index.set(text, item);
    }
    keyIndexes.set(map, index);
  }
  return index;
}

export function locateInCst(doc: CST.Document, path: readonly PathSegment[], target: 'key' | 'value'): CstSpan {
  const found = walk(doc, path);
  if (!found) return { start: doc.offset, end: doc.offset, exact: path.length === 0 };
  const exact = found.depth === path.length;
  const token = exact && target === 'key' && found.key ? found.key : found.node;
  return { ...spanOf(token), exact };
}

/**
 * The characters to delete to remove the list item at `path` and nothing else: in a block
 * list, the item's lines with its own trailing comment (the other items, their comments and
 * the indentation stay); in a flow list, the item and one comma beside it. Undefined when no
 * such edit exists (not a list item, the only item of a flow list, a compact `- - x`).
 */
export function removalInCst(
  doc: CST.Document,
  path: readonly PathSegment[],
  text: string,
): { start: number; end: number } | undefined {
  const index = path.at(-1);
  if (typeof index !== 'number') return undefined;
  const found = walk(doc, path.slice(0, -1));
  if (!found || found.depth !== path.length - 1) return undefined;
  const list = found.node;
  if (list.type === 'block-seq') {
    const item = list.items[index];
    const dash = item?.start.find((t) => t.type === 'seq-item-ind');
    if (!item || !dash) return undefined;
    const lineStart = text.lastIndexOf('\n', dash.offset - 1) + 1;
    if (text.slice(lineStart, dash.offset).trim() !== '') return undefined;
    const contentEnd = item.value ? spanOf(item.value).end : dash.offset + 1;
    const newline = text.indexOf('\n', contentEnd);
    return { start: lineStart, end: newline === -1 ? text.length : newline + 1 };
  }
  if (list.type === 'flow-collection' && list.start.type === 'flow-seq-start') {
    const values = list.items.map((item) => item.value);
    const item = values[index];
    if (!item || values.length < 2) return undefined;
    const previous = values[index - 1];
    const next = values[index + 1];
    if (previous) return { start: spanOf(previous).end, end: spanOf(item).end };
    return next ? { start: spanOf(item).start, end: spanOf(next).start } : undefined;
  }
  return undefined;
}

/** The raw text of the scalar at a path, as written (quotes and block header included). */
export interface ScalarSource {
  source: string;
  offset: number;
  /** Indentation of the collection holding it (block scalars measure theirs from it). */
  parentIndent: number;
}

export function scalarInCst(doc: CST.Document, path: readonly PathSegment[], text: string): ScalarSource | undefined {
  const found = walk(doc, path);
  if (!found || found.depth !== path.length || found.node === found.key) return undefined;
  const token = found.node;
  switch (token.type) {
    case 'scalar':
    case 'single-quoted-scalar':
    case 'double-quoted-scalar':
      return { source: token.source, offset: token.offset, parentIndent: token.indent };
    case 'block-scalar': {
      const start = (token.props as CST.SourceToken[]).find((p) => p.type === 'block-scalar-header')?.offset ?? token.offset;
      const end =
        token.offset + (token.props as CST.SourceToken[]).reduce((n, p) => n + p.source.length, 0) + token.source.length;
      return { source: text.slice(start, end), offset: start, parentIndent: token.indent };
    }
    default:
      return undefined;
  }
}

function keyText(token: Token): string | undefined {
  if (token.type === 'scalar' || token.type === 'single-quoted-scalar' || token.type === 'double-quoted-scalar') {
    return token.type === 'scalar' ? String(resolvePlain(token.source)) : CST.resolveAsScalar(token)?.value;
  }
  return undefined;
}

/** Start and end offsets of a token's own text, without trailing spaces and comments. */
export function spanOf(token: Token): { start: number; end: number } {
  switch (token.type) {
    case 'scalar':
    case 'single-quoted-scalar':
    case 'double-quoted-scalar':
    case 'alias':
      return { start: token.offset, end: token.offset + token.source.length };
    case 'block-scalar': {
      const props = token.props as CST.SourceToken[];
      const header = props.find((p) => p.type === 'block-scalar-header');
      const start = header?.offset ?? token.offset;
      const body = token.source.replace(/\s+$/, '');
      const bodyStart = token.offset + props.reduce((n, p) => n + p.source.length, 0);
      return { start, end: body ? bodyStart + body.length : start + (header?.source.length ?? 0) };
    }
    case 'block-map':
    case 'block-seq': {
      const last = token.items.at(-1);
      const tail = last?.value ?? (last && 'key' in last ? last.key : undefined);
      return { start: token.offset, end: tail ? spanOf(tail).end : token.offset };
    }
    case 'flow-collection': {
      const close = token.end.find((t) => t.type === 'flow-map-end' || t.type === 'flow-seq-end');
      return { start: token.offset, end: close ? close.offset + 1 : token.offset + 1 };
    }
    default:
      return {
        start: token.offset,
        end: token.offset + ('source' in token && typeof token.source === 'string' ? token.source.length : 0),
      };
  }
}

function collectAnchors(doc: CST.Document): Map<string, Token> {
  const anchors = new Map<string, Token>();
  const visit = (props: readonly CST.SourceToken[] | undefined, value: Token | null | undefined): void => {
    const anchor = props?.filter((p) => p.type === 'anchor').at(-1);
    if (anchor && value) anchors.set(anchor.source.slice(1), value);
    if (!value) return;
    if (value.type === 'block-map' || value.type === 'block-seq' || value.type === 'flow-collection') {
      for (const item of value.items) visit('sep' in item && item.sep ? item.sep : item.start, item.value);
    }
  };
  visit(doc.start, doc.value);
  return anchors;
}
