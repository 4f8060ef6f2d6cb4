// The language server as one ES module, dist/server.mjs (see scripts/bundle-node.mjs). One file
// also suits the VS Code extension, which ships the server inside its package; the lint worker
// thread is started from the same file.
import { bundleNode } from '../../../scripts/bundle-node.mjs';

await bundleNode('packages/language-server/src/main.ts', 'packages/language-server/dist/server.mjs');
