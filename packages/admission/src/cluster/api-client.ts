// Requests to the platform's API over node's own http(s), with the kubeconfig's address,
// TLS material and credentials applied by the client library (the only part of it used:
// its list/watch machinery buffers bodies and watch lines without a limit and overflowed
// the stack on a list of 130,000 objects). Every answer is read with a ceiling: a body
// over it is abandoned, and a body that is not JSON is refused with what it was instead.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';
import { readBody } from '../server/body.js';

/** A failed request, with the HTTP code and the `reason` of the server's Status when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code?: number,
    readonly reason?: string,
  ) {
    super(message);
  }
}

/** An error Status's own body is read up to this size; the message is all that is wanted. */
const MAX_STATUS_BYTES = 64 * 1024;

export interface RequestOptions {
  /** Names the request in errors: `the list of v1/Namespace`. */
  what: string;
  signal: AbortSignal;
}

/** `application/json`, with or without parameters; a proxy's error page is text/html. */
export function isJsonContentType(value: string | undefined): boolean {
  return value !== undefined && /^application\/json\s*(;|$)/i.test(value.trim());
}

/** The message of a Status body (`{"kind":"Status","message":…}`), if that is what it is. */
function statusOf(bytes: Buffer): { message?: string; reason?: string } {
  try {
    const body = JSON.parse(bytes.toString('utf8')) as unknown;
    if (typeof body !== 'object' || body === null) return {};
    const { message, reason } = body as { message?: unknown; reason?: unknown };
    return { ...(typeof message === 'string' ? { message } : {}), ...(typeof reason === 'string' ? { reason } : {}) };
  } catch {
    return {};
  }
}

export class ApiClient {
  private readonly server: URL;

  constructor(private readonly kc: KubeConfig) {
    this.server = new URL(kc.getCurrentCluster()?.server ?? '');
  }

  /** The server's address with `path` appended (a server URL may carry a path prefix, as behind a proxy). */
  private url(path: string, query: Record<string, string>): URL {
    const url = new URL(this.server.href);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return url;
  }

  /**
   * Sends a GET and resolves once the headers are in, with a 2xx JSON answer only: any other
   * code is an ApiError carrying the Status's message. Credentials are applied on every
   * request, so a rotated service-account token is picked up.
   */
  async open(path: string, query: Record<string, string>, options: RequestOptions): Promise<IncomingMessage> {
    const url = this.url(path, query);
    const opts: https.RequestOptions = { headers: {} };
    await this.kc.applyToHTTPSOptions(opts);
    const transport = url.protocol === 'http:' ? http : https;
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = transport.request(
        url,
        { ...opts, method: 'GET', headers: { ...opts.headers, Accept: 'application/json' }, signal: options.signal },
        resolve,
      );
      req.on('error', (error) => reject(options.signal.aborted ? new ApiError(`${options.what} was stopped`) : error));
      req.end();
    });
    const code = res.statusCode ?? 0;
    if (code < 200 || code > 299) {
      const body = await readBody(res, MAX_STATUS_BYTES);
      res.destroy();
      const status = body.ok && isJsonContentType(res.headers['content-type']) ? statusOf(body.bytes) : {};
      throw new ApiError(`HTTP ${code}: ${status.message ?? res.statusMessage ?? 'no message'}`, code, status.reason);
    }
    if (!isJsonContentType(res.headers['content-type'])) {
      res.destroy();
      throw new ApiError(
        `${options.what} was answered ${code} with content-type ${JSON.stringify(res.headers['content-type'] ?? '')}, not JSON (a proxy's page?)`,
        code,
      );
    }
    return res;
  }

  /** A GET whose JSON answer is read whole, up to `maxBytes`, and parsed. */
  async getJson(
    path: string,
    query: Record<string, string>,
    maxBytes: number,
    options: RequestOptions & { timeoutMs: number },
  ): Promise<unknown> {
    let answered = false;
    // A request given up on is aborted, so nothing more of it is read.
    const giveUp = new AbortController();
    const signal = AbortSignal.any([options.signal, giveUp.signal]);
    const request = async () => {
      const res = await this.open(path, query, { ...options, signal });
      answered = true;
      const body = await readBody(res, maxBytes);
      if (!body.ok) {
        res.destroy();
        throw new ApiError(
          body.reason === 'too-large'
            ? `${options.what} sent more than ${maxBytes} bytes; it is not read further`
            : `${options.what} was cut off before its end`,
        );
      }
      try {
        return JSON.parse(body.bytes.toString('utf8')) as unknown;
      } catch (error) {
        throw new ApiError(`${options.what} is not valid JSON: ${(error as Error).message}`);
      }
    };
    return withinTime(request(), options.timeoutMs, giveUp, () =>
      answered
        ? `${options.what} was not complete within ${options.timeoutMs} ms`
        : `${options.what} got no answer within ${options.timeoutMs} ms`,
    );
  }
}

/** Rejects with `message()` and aborts `work` if `promise` has not settled within `ms`. */
function withinTime<T>(promise: Promise<T>, ms: number, work: AbortController, message: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new ApiError(message()));
      work.abort();
    }, ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
