// Entry point of `platlint-language-server --stdio`. The same module starts the lint
// worker thread, so the bundle stays one file.
import { runLintWorkerIfAsked } from './lint-worker.js';
import { startServer } from './server.js';

if (!runLintWorkerIfAsked()) startServer({ workerEntry: new URL(import.meta.url) });
