#!/usr/bin/env node
// The published entry point: the launcher of the bundled CLI, built by `npm run build`
// (scripts/bundle-node.mjs).
import '../dist/platlint.mjs';
