// The language server: dist/server.mjs, its launcher, and dist/server.script.js (see
// scripts/bundle-node.mjs). The lint worker thread is started from the same launcher; the
// VS Code extension ships both files.
import { bundleNode } from '../../../scripts/bundle-node.mjs';

await bundleNode('packages/language-server/src/main.ts', 'packages/language-server/dist/server.mjs');
