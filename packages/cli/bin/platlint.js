#!/usr/bin/env node
// The published entry point: the bundled CLI, built by `npm run build`.
import '../dist/platlint.mjs';
