import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (the "source" export condition),
// so tests never run against a stale build.
export default defineConfig({
  resolve: { conditions: ['source', 'import', 'node', 'default'] },
  ssr: { resolve: { conditions: ['source', 'import', 'node', 'default'], externalConditions: ['source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'rules/src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    // A temporary directory per run, checked empty at the end (test/temp-dir-setup.ts).
    globalSetup: ['test/temp-dir-setup.ts'],
    pool: 'forks',
  },
});
