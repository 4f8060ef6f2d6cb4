// The body of an admission request: JSON only, and never more than the largest review the API
// server can send; anything else is answered (415, 413) before the body is read, and the
// connection goes with the answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './body.js';
import { lingerOnClose } from './connections.js';
import type { Logger } from './log.js';
import { sendStatus } from './respond.js';

/**
 * The largest AdmissionReview the API server can send us, and so our body limit: every review
 * must be decided, never answered 413, since deploy/webhooks.yaml registers both paths with
 * failurePolicy Fail (a 413 would refuse a write the linter might accept) and Ignore would
 * admit whatever makes us fail (a 413 admitted objects /validate denies).
 *
 * - The largest object the server stores is etcd's request limit, 1.5 MiB: k8s.io/apiserver
 *   pkg/server/config.go (NewConfig) sizes MaxRequestBodyBytes, 3 MiB, as twice that figure,
 *   because a JSON body shrinks when converted for storage.
 * - A review carries up to two of them: `object`, and `oldObject` on UPDATE.
 * - The server writes the review with Go's encoding/json, which escapes `<`, `>` and `&` (and
 *   control characters) as `\u003c` and the like: one byte of the object becomes up to six.
 * - The rest of the review (uid, kinds, resource, userInfo, options) is small; 1 MiB covers it.
 *
 * 2 objects × 1.5 MiB × 6 + 1 MiB = 18 MiB + 1 MiB = 19 MiB (19,922,944 bytes).
 *
 * A longer body needs an object over etcd's limit, which the server does not store anyway, so
 * refusing it changes no outcome. Bodies this large are parsed and linted on a worker thread
 * (decision-router.ts: /validate always, /mutate past 64 KiB), never on the event loop.
 */
const LARGEST_STORED_OBJECT_BYTES = 1.5 * 1024 * 1024;
const OBJECTS_PER_REVIEW = 2;
const WORST_JSON_ESCAPE_GROWTH = 6;
const REVIEW_ENVELOPE_BYTES = 1024 * 1024;
export const MAX_BODY_BYTES = OBJECTS_PER_REVIEW * LARGEST_STORED_OBJECT_BYTES * WORST_JSON_ESCAPE_GROWTH + REVIEW_ENVELOPE_BYTES;

function isJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  // What the API server sends: no parameters to strip, no case to fold.
  if (contentType === 'application/json') return true;
  const media = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return media === 'application/json';
}

/** The body's bytes (`owned`: see readBody), or undefined once the request has been answered (or its client went away). */
export async function readAdmissionBody(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  maxBody: number,
  logger: Logger,
): Promise<{ bytes: Uint8Array; owned: boolean } | undefined> {
  if (!isJson(req.headers['content-type'])) {
    // Do not read a body we will not use; the connection goes with it.
    lingerOnClose(req.socket);
    sendStatus(res, 415, `Content-Type must be application/json, got ${JSON.stringify(req.headers['content-type'] ?? '')}`, {
      Connection: 'close',
    });
    return undefined;
  }
  const body = await readBody(req, maxBody);
  if (body.ok) return body;
  if (body.reason === 'aborted') return undefined;
  lingerOnClose(req.socket);
  logger.log('warn', 'http.body_too_large', { path, limit: maxBody, declared: req.headers['content-length'] });
  sendStatus(res, 413, `request body is larger than ${maxBody} bytes`, { Connection: 'close' });
  return undefined;
}
