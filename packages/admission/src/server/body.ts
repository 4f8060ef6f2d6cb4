// Reading a request body with a ceiling. A body announced or found to be over the limit is
// not read any further: the caller answers 413 and closes the connection, so a client
// cannot make the webhook buffer an unbounded upload.
import type { IncomingMessage } from 'node:http';

/**
 * `owned`: the bytes sit in memory of their own (chunks concatenated), which nothing else
 * holds, so they may be moved to another thread without a copy. A body of one chunk is a
 * view into memory node may still use.
 */
export type BodyOutcome = { ok: true; bytes: Buffer; owned: boolean } | { ok: false; reason: 'too-large' | 'aborted' };

export function readBody(req: IncomingMessage, limit: number): Promise<BodyOutcome> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.resolve({ ok: false, reason: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (outcome: BodyOutcome) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onClose);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Stop the flow: nothing more is buffered, the socket is closed after the 413.
        req.pause();
        chunks.length = 0;
        finish({ ok: false, reason: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    // After 'end' no data comes, and a later 'close' of a complete request does nothing: the
    // listeners may stay rather than be removed one by one on every request.
    const onEnd = () => {
      done = true;
      if (chunks.length === 1) return resolve({ ok: true, bytes: chunks[0] as Buffer, owned: false });
      const bytes = Buffer.concat(chunks, size);
      // Small concatenations come from node's shared pool.
      resolve({ ok: true, bytes, owned: bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength });
    };
    const onAbort = () => finish({ ok: false, reason: 'aborted' });
    const onClose = () => {
      if (!req.complete) onAbort();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onClose);
  });
}
