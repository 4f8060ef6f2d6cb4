// The engine as the CLI bundles it, for in-process measurement by the benchmarks.
export { SourceFile, lintSources, defaultConfig } from '../../packages/core/src/index.js';
export { rules } from '../../rules/src/index.js';
