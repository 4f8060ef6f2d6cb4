// `npm run test:pre-commit`: the hook installed and run by the real pre-commit framework.
// Separate from `npm test` because pre-commit installs this repository the way it installs any
// `language: node` hook (`npm install` of a clone, which builds, then `npm pack`): a minute or
// more. PLATLINT_PRE_COMMIT tells the test it was asked for (`npm test` leaves the file out: see vitest.config.ts).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/pre-commit/**/*.test.ts'],
    env: { PLATLINT_PRE_COMMIT: '1' },
    globalSetup: ['test/temp-dir-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 900_000,
    pool: 'forks',
  },
});
