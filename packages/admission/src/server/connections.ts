// Connection hygiene for the webhook: a cap on open connections below the process's file
// limit, TLS sockets that never finish their handshake closed rather than answered, accept
// errors (EMFILE above all) logged and survived, and connections closing after an early
// answer drained rather than reset.
import { readFileSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import type { Logger } from './log.js';

/** Descriptors kept free for state files, certificates, watchers and the runtime. */
const RESERVED_DESCRIPTORS = 64;
const DEFAULT_CAP = 1000;

/** The soft limit on open files (Linux /proc), or undefined where it cannot be read. */
function openFileLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft && /^\d+$/.test(soft) ? Number(soft) : undefined;
  } catch {
    return undefined;
  }
}

/** At most 1,000 connections, and never so many that accepting one leaves no descriptor for a file. */
export function defaultConnectionCap(limit = openFileLimit()): number {
  if (limit === undefined) return DEFAULT_CAP;
  return Math.max(16, Math.min(DEFAULT_CAP, limit - RESERVED_DESCRIPTORS));
}

const RESOURCE_ERRORS = new Set(['EMFILE', 'ENFILE', 'ENOBUFS', 'ENOMEM']);

export function isResourceExhaustion(error: unknown): boolean {
  return RESOURCE_ERRORS.has((error as NodeJS.ErrnoException | undefined)?.code ?? '');
}

/**
 * Logs the server's errors after it listens instead of letting them end the process:
 * out of descriptors, libuv keeps accepting (and refusing) by itself once some are freed.
 * Repeats are summed up at most once a second so a flood cannot flood the log as well.
 */
export function surviveServerErrors(server: HttpServer | HttpsServer, logger: Logger): void {
  let suppressed = 0;
  let lastLogged = 0;
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (!server.listening) return; // errors of listen() itself are the caller's
    const now = Date.now();
    if (now - lastLogged < 1000) {
      suppressed++;
      return;
    }
    lastLogged = now;
    logger.log(isResourceExhaustion(error) ? 'warn' : 'error', 'server.accept_failed', {
      code: error.code,
      error: error.message,
      repeats: suppressed,
      retry: 'accepting continues as descriptors are freed',
    });
    suppressed = 0;
  });
}

/** TLS sockets whose handshake completed: only those can carry an HTTP answer. */
export function trackHandshakes(server: HttpsServer): WeakSet<Socket> {
  const established = new WeakSet<Socket>();
  server.on('secureConnection', (socket: Socket) => established.add(socket));
  return established;
}

/** How long a connection closing after an early answer may keep sending before it is cut. */
export const LINGER_MS = 2000;

/** Sockets closing after an early answer; their remaining input is read and dropped. */
const lingering = new WeakSet<Socket>();

/** Whether a socket is closing after an early answer (its further input is no error). */
export function isLingering(socket: Socket): boolean {
  return lingering.has(socket);
}

/**
 * An answer sent before the body was read (413, 415) must reach the client before the
 * connection goes: closing a socket with unread input makes the kernel send a reset, which
 * can discard the answer on its way. Node closes such a socket with destroySoon(); for this
 * one socket, that becomes a half-close, input drained and dropped for a bounded time.
 */
export function lingerOnClose(socket: Socket, ms: number = LINGER_MS): void {
  lingering.add(socket);
  const s = socket as Socket & { destroySoon?: () => void };
  s.destroySoon = () => {
    socket.end();
    socket.on('data', () => undefined);
    socket.resume();
    socket.once('end', () => socket.destroy());
    setTimeout(() => socket.destroy(), ms).unref();
  };
}
