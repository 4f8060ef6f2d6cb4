// The process-wide library environment: every place-specific environment clones it, so
// the libraries are registered once.
import { Environment } from '@marcbachmann/cel-js';
import { installComprehensions } from './comprehensions.js';
import { installMacroReceiver } from './macro.js';

let shared: Environment | undefined;

export function libraryEnvironment(): Environment {
  if (shared) return shared;
  const env = new Environment({ enableOptionalTypes: true, homogeneousAggregateLiterals: false });
  installMacroReceiver(env);
  installComprehensions(env);
  shared = env;
  return env;
}
