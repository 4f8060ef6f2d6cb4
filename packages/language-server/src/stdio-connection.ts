import { format } from 'node:util';
import { ProposedFeatures, StreamMessageReader, StreamMessageWriter, createConnection } from 'vscode-languageserver/node';
import type { Connection } from 'vscode-languageserver/node';

/** What the server says on stderr before it exits because its input can no longer be read. */
export const FRAMING_LOST_MESSAGE =
  'platlint-language-server: a message on standard input did not match its Content-Length header, so the messages after it cannot be told apart; exiting so that the editor starts the server again\n';

/**
 * The server's connection: over standard input and output made here, for the reason below;
 * any other transport (`--node-ipc`, `--socket`, `--pipe`) as vscode-languageserver makes it
 * from the command line. `shutdownReceived` tells whether the client asked for a shutdown
 * before its input ended (exit status 0) or not (1), as LSP wants.
 *
 * Why stdio is made here: vscode-jsonrpc's ReadableStreamMessageReader takes a frame's body as
 * exactly Content-Length bytes. When a frame claims too few, the body is cut short (its JSON
 * does not parse: reported and dropped, right for a well-framed bad message) and the rest of it
 * is read as the next frame's headers. Those have no Content-Length: the reader reports that
 * and throws the header block away, so from then on every message's headers are read together
 * with the body before them, and no message is read again. The reader keeps its buffer to
 * itself and the server's connection swallows reader errors, so it cannot be set back on the
 * next Content-Length header from outside; resynchronising would take a reader of our own.
 * The smallest correct fix is to listen to the reader's errors and, at the first one that is
 * not a JSON syntax error (headers that cannot be read, or the stream failing), say so on
 * stderr and exit with status 1: editors start a server that exits again, on a fresh stream.
 *
 * Making the transport takes over the two things the library does for `--stdio`: console
 * output goes to the client's log (stdout carries the protocol), and the process ends with its
 * input.
 */
export function createServerConnection(argv: readonly string[], shutdownReceived: () => boolean): Connection {
  if (!argv.includes('--stdio')) return createConnection(ProposedFeatures.all);
  const reader = new StreamMessageReader(process.stdin);
  reader.onError((error) => {
    if (error instanceof SyntaxError) return;
    process.stderr.write(FRAMING_LOST_MESSAGE);
    process.exit(1);
  });
  const connection = createConnection(ProposedFeatures.all, reader, new StreamMessageWriter(process.stdout));
  const endWithInput = (): never => process.exit(shutdownReceived() ? 0 : 1);
  process.stdin.on('end', endWithInput);
  process.stdin.on('close', endWithInput);
  console.log = console.info = console.debug = (...args: unknown[]) => connection.console.log(format(...args));
  console.warn = (...args: unknown[]) => connection.console.warn(format(...args));
  console.error = (...args: unknown[]) => connection.console.error(format(...args));
  return connection;
}
