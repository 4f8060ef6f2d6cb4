#!/usr/bin/env node
// The published entry point: the bundled language server, built by `npm run build`.
// Start it with `--stdio` (or `--node-ipc`, `--socket=PORT`), as LSP clients do.
import '../dist/server.mjs';
