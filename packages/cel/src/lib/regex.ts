// Regular expressions with RE2 semantics (linear time) through re2js; the base library's
// `matches` uses JavaScript RegExp, which backtracks catastrophically on `(a+)+$`.
import type { Environment } from '@marcbachmann/cel-js';
import { RE2JS } from 're2js';
import { charge } from '../budget.js';
import { defineOverloads, fail } from './macro.js';

const cache = new Map<string, RE2JS>();
const CACHE_LIMIT = 256;

function compileRegex(pattern: string): RE2JS {
  let re = cache.get(pattern);
  if (re) return re;
  try {
    re = RE2JS.compile(pattern);
  } catch (e) {
    throw fail(`invalid regular expression '${pattern}': ${e instanceof Error ? e.message : String(e)}`);
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(pattern, re);
  return re;
}

/** A message when the pattern is not valid RE2 syntax, else null. */
function regexProblem(pattern: string): string | null {
  try {
    compileRegex(pattern);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

const work = (s: string, p: string): void => charge(1 + Math.ceil((s.length * Math.max(1, p.length)) / 64));

function matches(s: string, p: string): boolean {
  work(s, p);
  return compileRegex(p).test(s);
}

function findAll(s: string, p: string, limit = -1n): string[] {
  work(s, p);
  const out: string[] = [];
  if (limit === 0n) return out;
  const m = compileRegex(p).matcher(s);
  while (m.find()) {
    out.push(m.group() ?? '');
    if (limit > 0n && BigInt(out.length) >= limit) break;
  }
  return out;
}

export function installRegex(env: Environment): void {
  defineOverloads(env, 'matches', true, [{ recv: 'string', args: ['string'], ret: 'bool', fn: matches }], {
    literalArg: 0,
    check: regexProblem,
  });
  env.registerFunction('matches(string, string): bool', matches);
  // Constant patterns of find/findAll are checked at compile time, as the platform does.
  const literal = { literalArg: 0, check: regexProblem };
  defineOverloads(
    env,
    'find',
    true,
    [{ recv: 'string', args: ['string'], ret: 'string', fn: (s: string, p: string) => findAll(s, p, 1n)[0] ?? '' }],
    literal,
  );
  defineOverloads(
    env,
    'findAll',
    true,
    [
      { recv: 'string', args: ['string'], ret: 'list<string>', fn: (s: string, p: string) => findAll(s, p) },
      { recv: 'string', args: ['string', 'int'], ret: 'list<string>', fn: findAll },
    ],
    literal,
  );
}
