// The transport of the webhook: an HTTPS server with the serving certificate (reloaded when
// its files change, tls-source.ts), or plain HTTP when asked, with the timeouts and the
// connection cap that keep slow or hostile clients from holding it, and answers to what
// clients get wrong at the HTTP level.
import { createServer as createHttpServer, type RequestListener, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { defaultConnectionCap, isLingering, LINGER_MS, surviveServerErrors, trackHandshakes } from './connections.js';
import type { Logger } from './log.js';
import type { Metrics } from './metrics.js';
import { readTlsFiles, TlsSource, type TlsFiles } from './tls-source.js';

export interface ListenerOptions {
  /** Certificate and key files; required unless `insecure`. */
  tls?: TlsFiles;
  /** Plain HTTP, for local use only. */
  insecure?: boolean;
  /** A client must send its headers within this time (slow-loris defence). */
  headersTimeoutMs?: number;
  /** ... and the whole request within this time. */
  requestTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
  /** Open connections at most; further ones are closed at once. Below the file limit by default. */
  maxConnections?: number;
}

export interface Listener {
  server: HttpServer | HttpsServer;
  /** The certificate files, watched once the server runs; none without TLS. */
  tls: TlsSource | undefined;
}

export function createListener(
  options: ListenerOptions,
  handler: RequestListener,
  logger: Logger,
  metrics: Metrics,
  watchTiming: { debounceMs: number; pollMs: number } | undefined,
): Listener {
  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  const requestTimeout = Math.max(options.requestTimeoutMs ?? 30_000, headersTimeout);
  const serverOptions = {
    headersTimeout,
    requestTimeout,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 5000,
    // Node checks the two timeouts above on this interval (30 s by default, too coarse for them).
    connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(headersTimeout / 2))),
  };

  let server: HttpServer | HttpsServer;
  let tls: TlsSource | undefined;
  /** Sockets that may carry an HTTP answer (all of them without TLS). */
  let answerable: (socket: Socket) => boolean = () => true;
  if (options.insecure) {
    server = createHttpServer(serverOptions, handler);
  } else {
    if (!options.tls) throw new Error('a certificate and key are required for HTTPS (or ask for plain HTTP with insecure)');
    const https = createHttpsServer(
      { ...serverOptions, ...readTlsFiles(options.tls), handshakeTimeout: headersTimeout },
      handler,
    );
    tls = new TlsSource(
      options.tls,
      (context) => https.setSecureContext(context),
      logger,
      metrics,
      watchTiming ?? { debounceMs: 200, pollMs: 2000 },
    );
    server = https;
    const established = trackHandshakes(https);
    answerable = (socket) => established.has(socket);
  }
  server.maxConnections = options.maxConnections ?? defaultConnectionCap();
  // A connection idle this long is closed whatever state it is in (keep-alive has its own, shorter limit).
  server.setTimeout(requestTimeout + serverOptions.keepAliveTimeout);
  surviveServerErrors(server, logger);
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // Timeouts and garbage from clients: answer what HTTP allows and drop the connection.
    logger.log('debug', 'http.client_error', { code: error.code, error: error.message });
    // Input after an early answer is dropped on purpose; it is not an error of its own.
    if (isLingering(socket as Socket)) return;
    // Before the TLS handshake is done (a handshake timeout, a client that is not speaking
    // TLS) there is no channel for an answer: a write would wait for a handshake that never
    // comes and keep the socket open after its client has gone.
    if (socket.writable && !socket.destroyed && answerable(socket as Socket)) {
      const code = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      socket.end(
        `HTTP/1.1 ${code} ${code === 408 ? 'Request Timeout' : 'Bad Request'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
    } else socket.destroy();
  });
  return { server, tls };
}
