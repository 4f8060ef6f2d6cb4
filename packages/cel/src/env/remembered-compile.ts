import type { CelEnvironment, CompileResult } from './environment.js';
import { keepBounded } from '@platlint/core';

/**
 * A compile depends on the environment and the expression alone, and a lint run repeats both:
 * objects made from one template share their expressions, and several rules compile the same
 * expression of an object. Results are kept per environment (callers keep their environments
 * across objects), a bounded number of each. A result is only read (its issues, its program's
 * type, an evaluation), never changed.
 */
export function rememberedCompile(env: CelEnvironment, expression: string): CompileResult {
  let results = compiledIn.get(env);
  if (!results) compiledIn.set(env, (results = new Map()));
  let result = results.get(expression);
  if (!result) {
    // An expression read from a manifest is often a slice of the whole file's text, which V8
    // keeps alive for as long as the slice is: kept as a key (and in the program's syntax
    // tree) for the run, it kept every such file's text. A copy keeps only itself.
    const own: string = structuredClone(expression);
    result = keepBounded(results, 256, own, env.compile(own));
  }
  return result;
}

const compiledIn = new WeakMap<CelEnvironment, Map<string, CompileResult>>();
