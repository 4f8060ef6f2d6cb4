#!/usr/bin/env node
// The published entry point: the launcher of the bundled language server, built by
// `npm run build` (scripts/bundle-node.mjs).
// Start it with `--stdio` (or `--node-ipc`, `--socket=PORT`), as LSP clients do.
import '../dist/server.mjs';
