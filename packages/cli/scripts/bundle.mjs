// The CLI: dist/platlint.mjs, its launcher, and dist/platlint.script.js (see
// scripts/bundle-node.mjs for how and why).
import { bundleNode } from '../../../scripts/bundle-node.mjs';

await bundleNode('packages/cli/src/main.ts', 'packages/cli/dist/platlint.mjs', {
  // `lint` is what pre-commit and CI run over and over; its cache serves the other commands too.
  cacheAfter: ['lint'],
  // Only `serve --cluster` connects to a cluster.
  separate: { '@kubernetes/client-node': 'kubernetes-client.cjs' },
  // Process settings made before the script is compiled (src/prelude.ts).
  prelude: 'packages/cli/src/prelude.ts',
});
