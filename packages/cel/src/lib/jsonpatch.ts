// `jsonpatch.escapeKey` (RFC 6901 pointer escaping) and the base64 encoders.
import type { Environment } from '@marcbachmann/cel-js';
import { charge } from '../budget.js';
import { fail } from './macro.js';
import { defineNamespace } from './namespace.js';

// Most keys need no escaping; skip the two replacements for them.
const escapeKey = (k: string): string => (k.includes('~') || k.includes('/') ? k.replaceAll('~', '~0').replaceAll('/', '~1') : k);

export function installJsonPatch(env: Environment): void {
  const ns = defineNamespace(env, 'jsonpatch');
  env.registerFunction(`${ns}.escapeKey(string): string`, (_n: unknown, k: string) => (charge(1), escapeKey(k)));
  const b64 = defineNamespace(env, 'base64');
  env.registerFunction(`${b64}.encode(bytes): string`, (_n: unknown, b: Uint8Array) => Buffer.from(b).toString('base64'));
  env.registerFunction(`${b64}.decode(string): bytes`, (_n: unknown, s: string) => {
    const t = s.replace(/=+$/, '');
    if (!/^[A-Za-z0-9+/]*$/.test(t) || t.length % 4 === 1) throw fail('invalid base64 input');
    return new Uint8Array(Buffer.from(t, 'base64'));
  });
}
