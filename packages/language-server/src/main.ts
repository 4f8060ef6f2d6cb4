// Entry point of `platlint-language-server --stdio`. The same module starts the lint
// worker thread, so the bundle stays one file.
import { LANGUAGE_SERVER_USAGE, readCommandLine } from './command-line.js';
import { runLintWorkerIfAsked } from './lint-worker.js';
import { startServer } from './server.js';

if (!runLintWorkerIfAsked()) {
  const commandLine = readCommandLine(process.argv.slice(2));
  if (commandLine.action === 'help') process.stdout.write(LANGUAGE_SERVER_USAGE);
  else if (commandLine.action === 'usage-error') {
    process.stderr.write(`platlint-language-server: ${commandLine.message}\n\n${LANGUAGE_SERVER_USAGE}`);
    process.exitCode = 2;
  } else startServer({ workerEntry: new URL(import.meta.url) });
}
