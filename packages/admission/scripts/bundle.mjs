// The admission worker: dist/worker.mjs, its launcher, and dist/worker.script.js (see
// scripts/bundle-node.mjs for how and why). The webhook's worker threads start from it
// (src/worker-entry.ts says where it is).
import { bundleNode } from '../../../scripts/bundle-node.mjs';

await bundleNode('packages/admission/src/worker-main.ts', 'packages/admission/dist/worker.mjs');
