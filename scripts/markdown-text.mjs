// Rule docs are Markdown files beside the rules (rules/src/<area>/<rule>.md), which the rules
// import as text: `import docs from './<rule>.md'`. This is the one definition of that import,
// for every build that reads the sources: esbuild (the bundles, the benchmarks' library, the
// docs generator) and Vite (the tests). The file's final newline is not part of the text.
import { readFile } from 'node:fs/promises';

const MARKDOWN = /\.md$/;

/** The module a Markdown file becomes: its text as the default export. */
export function markdownModule(text) {
  return `export default ${JSON.stringify(text.replace(/\n$/, ''))};`;
}

/** esbuild plugin. */
export const markdownAsText = {
  name: 'markdown-as-text',
  setup(b) {
    b.onLoad({ filter: MARKDOWN }, async (args) => ({
      contents: markdownModule(await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};

/** Vite (vitest) plugin. */
export const viteMarkdownAsText = {
  name: 'markdown-as-text',
  enforce: 'pre',
  async load(id) {
    const path = id.split('?')[0];
    return MARKDOWN.test(path) ? markdownModule(await readFile(path, 'utf8')) : undefined;
  },
};
