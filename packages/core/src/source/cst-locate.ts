import { CST } from 'yaml';
import type { PathSegment } from './field-path.js';
import { resolvePlain } from './fast-compose.js';

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

export function locateInCst(doc: CST.Document, path: readonly PathSegment[], target: 'key' | 'value'): CstSpan {
  let anchors: Map<string, Token> | undefined;
  const resolveAlias = (token: Token): Token => {
    if (token.type !== 'alias') return token;
    anchors ??= collectAnchors(doc);
    return anchors.get(token.source.slice(1)) ?? token;
  };
  let node: Token | undefined = doc.value;
  if (!node) return { start: doc.offset, end: doc.offset, exact: path.length === 0 };
  let best: CstSpan = { ...spanOf(node), exact: true };
  for (let i = 0; i < path.length; i++) {
    const segment = path[i] as PathSegment;
    node = resolveAlias(node);
    let next: Token | undefined;
    let key: Token | undefined;
    if (node.type === 'block-map' || (node.type === 'flow-collection' && node.start.type === 'flow-map-start')) {
      for (const item of node.items) {
        if (item.key && keyText(item.key) === String(segment)) {
          key = item.key;
          next = item.value ?? item.key;
        }
      }
    } else if ((node.type === 'block-seq' || node.type === 'flow-collection') && typeof segment === 'number') {
      next = node.items[segment]?.value ?? undefined;
    }
    if (!next) return { ...best, exact: false };
    node = next;
    const last = i === path.length - 1;
    best = { ...spanOf(last && target === 'key' && key ? key : node), exact: true };
  }
  return best;
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
      return { start: token.offset, end: token.offset + ('source' in token && typeof token.source === 'string' ? token.source.length : 0) };
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
