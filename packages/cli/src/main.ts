import { readBoundedStream } from '@platlint/core';
import { run } from './commands.js';
import { runWorkerIfAsked } from './worker.js';

const readStdin = (): Promise<Uint8Array> => readBoundedStream(process.stdin);

// A reader that stops early (`platlint schema | head`) is not an error of ours.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

// The lint workers start from this file too (worker.ts); the webhook's admission workers start
// from admission's own entry (packages/admission/src/worker-main.ts).
// A function rather than top-level await: the bundle is CommonJS (scripts/bundle-node.mjs). A
// rejection still ends the process with status 1, reported as an unhandled rejection.
async function main(): Promise<void> {
  if (!runWorkerIfAsked()) {
    const status = await run(process.argv.slice(2), {
      cwd: process.cwd(),
      env: process.env,
      stdout: (t) => process.stdout.write(t),
      stderr: (t) => process.stderr.write(t),
      readStdin,
      stdoutIsTTY: process.stdout.isTTY === true,
      stderrIsTTY: process.stderr.isTTY === true,
      // In the bundle, the launcher's URL: worker threads start there.
      entry: new URL(import.meta.url),
    });
    // Let stdout drain before exiting: a piped report must arrive whole.
    process.exitCode = status;
  }
}

void main();
