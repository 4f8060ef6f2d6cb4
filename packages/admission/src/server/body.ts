// Reading a request body with a ceiling. A body announced or found to be over the limit is
// not read any further: the caller answers 413 and closes the connection, so a client
// cannot make the webhook buffer an unbounded upload.
import type { IncomingMessage } from 'node:http';

export type BodyOutcome = { ok: true; bytes: Buffer } | { ok: false; reason: 'too-large' | 'aborted' };

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
    const onEnd = () => finish({ ok: true, bytes: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size) });
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
