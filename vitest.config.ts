import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain ES module script without type declarations
import { viteMarkdownAsText } from './scripts/markdown-text.mjs';

// Workspace packages resolve to their TypeScript sources (the "source" export condition),
// so tests never run against a stale build; a rule's Markdown docs load as text, as in the bundles.
const conditions = ['source', 'import', 'node', 'default'];
const sources = {
  plugins: [viteMarkdownAsText],
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['source'] } },
};
const project = { testTimeout: 60_000, pool: 'forks' } as const;

export default defineConfig({
  ...sources,
  test: {
    // A temporary directory per run, checked empty at the end (test/temp-dir-setup.ts). Set
    // here once: the projects below do not extend this file, or each would nest its own.
    globalSetup: ['test/temp-dir-setup.ts'],
    // Vitest's default on a run is one worker per core less one: a single worker on two cores.
    // Most door tests wait on the processes they start (the CLI, the webhook, the language
    // server), so one worker more than there are cores keeps both busy (145 s -> 100 s here).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        ...sources,
        test: {
          ...project,
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'rules/src/**/*.test.ts'],
          // The unit tests hold no state between files, so one module graph (the rule
          // registry, the schema tree, the CEL environments) serves them all: importing it
          // anew for each of ~170 files cost seven times the tests' own run time.
          isolate: false,
        },
      },
      {
        ...sources,
        // Tests through the doors (processes, HTTPS, stdio): each file keeps its own modules.
        // The pre-commit round trip and the editor's end-to-end test have commands of their
        // own (test:pre-commit, test:e2e): a minute or more each, with Debian packages.
        test: { ...project, name: 'doors', include: ['test/**/*.test.ts'], exclude: ['test/pre-commit/**', 'test/e2e/**'] },
      },
    ],
  },
});
