/** UTF-8 byte by byte, where a whole-buffer decode is not enough: finding a bad byte, replacing bad bytes as Go does. */

/**
 * The length of the well-formed UTF-8 sequence at `at`, or 0 when none starts there (a stray
 * continuation byte, an overlong form, a surrogate, a code point past U+10FFFF, a cut sequence):
 * the table of well-formed byte sequences of the Unicode standard, which Go's
 * utf8.DecodeRuneInString and a fatal TextDecoder both follow.
 */
export function utf8SequenceLength(bytes: Uint8Array, at: number): number {
  const b0 = bytes[at] as number;
  if (b0 < 0x80) return 1;
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (b0 >= 0xc2 && b0 <= 0xdf) length = 2;
  else if (b0 >= 0xe0 && b0 <= 0xef) {
    length = 3;
    if (b0 === 0xe0) low = 0xa0;
    else if (b0 === 0xed) high = 0x9f;
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    length = 4;
    if (b0 === 0xf0) low = 0x90;
    else if (b0 === 0xf4) high = 0x8f;
  } else return 0;
  const second = bytes[at + 1];
  if (second === undefined || second < low || second > high) return 0;
  for (let k = 2; k < length; k++) {
    const next = bytes[at + k];
    if (next === undefined || (next & 0xc0) !== 0x80) return 0;
  }
  return length;
}

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Bytes held in a Go string, as encoding/json writes them: well-formed UTF-8 as it is, and
 * each byte where no well-formed sequence starts as one U+FFFD (encode.go appendString,
 * which steps one byte on utf8.RuneError of size 1). A TextDecoder would replace a cut
 * sequence as a whole, with one U+FFFD for several bytes. A byte-order mark stays.
 */
export function goJsonText(bytes: Uint8Array): string {
  try {
    return strict.decode(bytes);
  } catch {
    let out = '';
    let at = 0;
    while (at < bytes.length) {
      const length = utf8SequenceLength(bytes, at);
      out += length === 0 ? '\ufffd' : strict.decode(bytes.subarray(at, at + length));
      at += Math.max(1, length);
    }
    return out;
  }
}
