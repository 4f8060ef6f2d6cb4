// Flat config: typescript-eslint's recommended rules (syntactic ones: no type information is
// loaded, which keeps a lint of the whole repository fast) over every TypeScript file,
// plain recommended rules over the build and bench scripts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/*.d.ts',
      'packages/core/generated/**',
      'extension/out/**',
      'coverage/**',
      '.bench/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The extension talks to the language server over LSP only (extension/scripts/build.mjs checks the bundle too).
    files: ['extension/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@platlint/*', '**/packages/**', '**/rules/**'],
              message: 'The extension imports nothing from the other packages: it speaks LSP to the language server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
