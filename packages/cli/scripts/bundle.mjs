// The CLI as one ES module, dist/platlint.mjs (see scripts/bundle-node.mjs for how and why).
import { bundleNode } from '../../../scripts/bundle-node.mjs';

await bundleNode('packages/cli/src/main.ts', 'packages/cli/dist/platlint.mjs');
