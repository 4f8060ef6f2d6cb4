// Each rule's documentation is the Markdown file beside it, imported as its text (the build's
// and the tests' loaders: scripts/markdown-text.mjs).
declare module '*.md' {
  const text: string;
  export default text;
}
