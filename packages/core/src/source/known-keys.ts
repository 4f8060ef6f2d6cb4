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
    const known = this.byHash.get(hashOf(text, start, end));
    return known !== undefined && known.length === end - start && text.startsWith(known, start) ? known : undefined;
  }

  /** Remembers `key`, while there is room (a text of a million distinct keys would otherwise hold each twice). */
  remember(key: string): void {
    if (this.byHash.size >= this.limit) return;
    const hash = hashOf(key, 0, key.length);
    if (!this.byHash.has(hash)) this.byHash.set(hash, key);
  }
}

/** A 31-multiplier hash of the character codes from `start` to `end` (a small integer: the Map keys it without boxing). */
function hashOf(text: string, start: number, end: number): number {
  let hash = 0;
  for (let i = start; i < end; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  // A Smi (31 bits) is kept in the Map's table as it is; a larger number would be a heap number.
  return hash & 0x3fffffff;
}
