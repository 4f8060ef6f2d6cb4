/**
 * Bytes to text, refusing what is not YAML text: binary data, other encodings and
 * malformed UTF-8 each get their own message instead of a cascade of syntax errors.
 */

import { utf8SequenceLength } from './utf8.js';

export type Decoded = { ok: true; text: string } | { ok: false; message: string; offset: number };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function decodeSource(bytes: Uint8Array): Decoded {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return { ok: false, offset: 0, message: 'file is UTF-16 encoded; platlint reads UTF-8 YAML only' };
  }
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    return { ok: false, offset: nul, message: `file looks binary (NUL byte at offset ${nul}); expected UTF-8 YAML text` };
  }
  try {
    return { ok: true, text: utf8.decode(bytes) };
  } catch {
    const offset = firstInvalidUtf8(bytes);
    return {
      ok: false,
      offset,
      message: `file is not valid UTF-8 (first bad byte 0x${(bytes[offset] ?? 0).toString(16).padStart(2, '0')} at offset ${offset})`,
    };
  }
}

/** Finds the first byte that breaks UTF-8, for the message only (the slow path). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const length = utf8SequenceLength(bytes, i);
    if (length === 0) return i;
    i += length;
  }
  return bytes.length;
}
