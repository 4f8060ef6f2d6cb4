// The `shardSelector` list parameter (spec document A): `shardRange(<path>, '<hexStart>',
// '<hexEnd>')` terms joined by `||`. It is a fixed grammar, so it gets its own small
// parser instead of a general CEL environment.
import type { SourceRange } from '../position.js';

export const SHARD_PATHS = ['object.metadata.uid', 'object.metadata.namespace'] as const;
type ShardPath = (typeof SHARD_PATHS)[number];

/** Exclusive upper end of the 64-bit FNV-1a hash space. */
const SHARD_SPACE_END = 1n << 64n;

export interface ShardRange {
  path: ShardPath;
  start: bigint;
  end: bigint;
  range: SourceRange;
}

export interface ShardIssue extends SourceRange {
  message: string;
}

export type ShardSelectorResult = { ok: true; ranges: ShardRange[] } | { ok: false; issues: ShardIssue[] };

class Cursor {
  pos = 0;
  constructor(readonly src: string) {}

  skipSpace(): void {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos] as string)) this.pos++;
  }

  eat(text: string): boolean {
    this.skipSpace();
    if (!this.src.startsWith(text, this.pos)) return false;
    this.pos += text.length;
    return true;
  }

  word(): { text: string; start: number; end: number } {
    this.skipSpace();
    const start = this.pos;
    while (this.pos < this.src.length && /[A-Za-z0-9_.]/.test(this.src[this.pos] as string)) this.pos++;
    return { text: this.src.slice(start, this.pos), start, end: this.pos };
  }
}

class ShardSyntaxError extends Error {
  constructor(
    message: string,
    readonly start: number,
    readonly end: number,
  ) {
    super(message);
  }
}

function expect(c: Cursor, text: string): void {
  if (c.eat(text)) return;
  c.skipSpace();
  const found = c.pos < c.src.length ? `'${c.src[c.pos]}'` : 'the end of the selector';
  throw new ShardSyntaxError(`expected '${text}' but found ${found}`, c.pos, Math.min(c.pos + 1, c.src.length));
}

function hexBound(c: Cursor, issues: ShardIssue[]): { value: bigint | null; range: SourceRange } {
  c.skipSpace();
  const start = c.pos;
  if (c.src[c.pos] !== "'") {
    throw new ShardSyntaxError(
      "a bound must be a single-quoted hexadecimal literal such as '0x8000000000000000'",
      start,
      start + 1,
    );
  }
  const close = c.src.indexOf("'", start + 1);
  if (close < 0) throw new ShardSyntaxError('unterminated quoted bound', start, c.src.length);
  c.pos = close + 1;
  const text = c.src.slice(start + 1, close);
  const range = { start, end: close + 1 };
  if (!/^0x[0-9a-fA-F]+$/.test(text)) {
    issues.push({ ...range, message: `bound '${text}' must be hexadecimal with a '0x' prefix` });
    return { value: null, range };
  }
  return { value: BigInt(text), range };
}

function term(c: Cursor, issues: ShardIssue[]): ShardRange | null {
  const fn = c.word();
  if (fn.text !== 'shardRange') {
    throw new ShardSyntaxError(
      `expected 'shardRange(...)' but found '${fn.text || c.src[fn.start] || 'nothing'}'`,
      fn.start,
      Math.max(fn.end, fn.start + 1),
    );
  }
  expect(c, '(');
  const path = c.word();
  let valid = true;
  if (!(SHARD_PATHS as readonly string[]).includes(path.text)) {
    issues.push({
      start: path.start,
      end: Math.max(path.end, path.start + 1),
      message: `unsupported path '${path.text}': use ${SHARD_PATHS.join(' or ')}`,
    });
    valid = false;
  }
  expect(c, ',');
  const lo = hexBound(c, issues);
  expect(c, ',');
  const hi = hexBound(c, issues);
  expect(c, ')');
  const whole = { start: fn.start, end: c.pos };
  if (lo.value === null || hi.value === null) return null;
  if (lo.value >= SHARD_SPACE_END) {
    issues.push({ ...lo.range, message: 'hexStart must be below 0x10000000000000000' });
    valid = false;
  }
  if (hi.value > SHARD_SPACE_END) {
    issues.push({ ...hi.range, message: 'hexEnd must be at most 0x10000000000000000' });
    valid = false;
  }
  if (lo.value >= hi.value) {
    issues.push({
      start: lo.range.start,
      end: hi.range.end,
      message: 'hexStart must be lower than hexEnd (the upper bound is exclusive)',
    });
    valid = false;
  }
  return valid ? { path: path.text as ShardPath, start: lo.value, end: hi.value, range: whole } : null;
}

export function parseShardSelector(selector: string): ShardSelectorResult {
  const c = new Cursor(selector);
  const issues: ShardIssue[] = [];
  const ranges: ShardRange[] = [];
  try {
    c.skipSpace();
    if (c.pos >= selector.length)
      return { ok: false, issues: [{ start: 0, end: selector.length, message: 'shardSelector is empty' }] };
    do {
      const r = term(c, issues);
      if (r) ranges.push(r);
    } while (c.eat('||'));
    c.skipSpace();
    if (c.pos < selector.length) throw new ShardSyntaxError("expected '||' or the end of the selector", c.pos, c.pos + 1);
  } catch (e) {
    if (!(e instanceof ShardSyntaxError)) throw e;
    issues.push({ start: e.start, end: e.end, message: e.message });
  }
  return issues.length ? { ok: false, issues } : { ok: true, ranges };
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK = SHARD_SPACE_END - 1n;

export function fnv1a64(text: string): bigint {
  let h = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= BigInt(byte);
    h = (h * FNV_PRIME) & MASK;
  }
  return h;
}

/** Whether an object falls into any of the selector's ranges. */
export function shardMatches(
  ranges: readonly ShardRange[],
  object: { metadata?: { uid?: string; namespace?: string } },
): boolean {
  return ranges.some((r) => {
    const value = r.path === 'object.metadata.uid' ? object.metadata?.uid : object.metadata?.namespace;
    const h = fnv1a64(value ?? '');
    return h >= r.start && h < r.end;
  });
}
