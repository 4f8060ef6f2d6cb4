import { keepBounded } from '../bounded-memo.js';

/**
 * Strings already made from a text, found again from their place in it without making them
 * anew: a manifest repeats a few dozen keys (`name`, `image`, `metadata`) thousands of times,
 * and slicing each occurrence out of the text only to look its copy up cost a fifth of what
 * the block scanner allocated. The place is hashed over its character codes (no string is
 * made), and the string stored under that hash is taken when the text there is the same.
 * Two strings of one hash are rare: the second is simply not remembered.
 */
export class KnownKeys {
  private readonly byHash = new Map<number, string>();

  constructor(private readonly limit: number) {}

  /** The string remembered for `text` from `start` to `end`, or undefined when there is none. */
  find(text: string, start: number, end: number): string | undefined {
    return this.findHashed(text, start, end, hashOf(text, start, end));
  }

  /**
   * find, given the place's hash already made (hashStep over its character codes, then
   * smallHash): a reader that scans the place anyway hashes it as it goes, so that its
   * characters are read once more only to compare them with a remembered string of that hash.
   */
  findHashed(text: string, start: number, end: number, hash: number): string | undefined {
    const known = this.byHash.get(hash);
    return known !== undefined && known.length === end - start && text.startsWith(known, start) ? known : undefined;
  }

  /**
   * Remembers `key` and gives the string to use for it: the one find will give. Bounded
   * (bounded-memo.ts): a text of a million distinct keys would otherwise hold each twice.
   */
  remember(key: string): string {
    const hash = hashOf(key, 0, key.length);
    if (this.byHash.has(hash)) return key;
    return keepBounded(this.byHash, this.limit, hash, propertyName(key));
  }
}

/**
 * `key` as V8's own property name (its internalized string): an object's keys are those. A
 * key cut out of a text is another string of the same characters, which every property
 * lookup and store (`Object.hasOwn`, `map[key] = value`) would first have to look up in V8's
 * table of names (measured: the duplicate-key check was a seventh of the block scanner's
 * time); the name also holds no part of the text it was cut from.
 */
function propertyName(key: string): string {
  for (const name in { [key]: true }) return name;
  return key;
}

/** A 31-multiplier hash of the character codes from `start` to `end` (a small integer: the Map keys it without boxing). */
function hashOf(text: string, start: number, end: number): number {
  let hash = 0;
  for (let i = start; i < end; i++) hash = hashStep(hash, text.charCodeAt(i));
  return smallHash(hash);
}

/** The hash of a place so far (0 before its first character) with the character `code` added. */
export function hashStep(hash: number, code: number): number {
  return (Math.imul(hash, 31) + code) | 0;
}

/** The hash findHashed takes, from hashStep's: a Smi (31 bits) is kept in the Map's table as it is; a larger number would be a heap number. */
export function smallHash(hash: number): number {
  return hash & 0x3fffffff;
}
