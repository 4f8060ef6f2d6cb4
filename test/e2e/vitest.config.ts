// `npm run test:e2e`: the end-to-end tests of the packaged extension. Separate from the root
// configuration because the VS Code test installs code-server (minutes, once) and drives a
// browser; PLATLINT_E2E tells that test it was asked for (`npm test` leaves the file out: see vitest.config.ts).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain ES module script without type declarations
import { viteMarkdownAsText } from '../../scripts/markdown-text.mjs';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  // As the root configuration: workspace packages resolve to their TypeScript sources, rule docs load as text.
  plugins: [viteMarkdownAsText],
  resolve: { conditions: ['source', 'import', 'node', 'default'] },
  ssr: { resolve: { conditions: ['source', 'import', 'node', 'default'], externalConditions: ['source'] } },
  test: {
    include: ['test/e2e/**/*.test.ts'],
    env: { PLATLINT_E2E: '1' },
    // Both files rebuild extension/dist; one at a time.
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 1_800_000,
    pool: 'forks',
  },
});
