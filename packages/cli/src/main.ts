import { run } from './commands.js';
import { runWorkerIfAsked } from './worker.js';

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// A reader that stops early (`platlint schema | head`) is not an error of ours.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

if (!runWorkerIfAsked()) {
  const status = await run(process.argv.slice(2), {
    cwd: process.cwd(),
    env: process.env,
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    readStdin,
    stdoutIsTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    entry: new URL(import.meta.url),
  });
  // Let stdout drain before exiting: a piped report must arrive whole.
  process.exitCode = status;
}
