// Kubernetes' semver library (`semver('1.2.3').isLessThan(semver('1.10.0'))`).
import type { Environment } from '@marcbachmann/cel-js';
import { fail } from './macro.js';

const STRICT =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

class SemverValue {
  static celType = 'kubernetes.Semver';
  constructor(
    readonly major: bigint,
    readonly minor: bigint,
    readonly patch: bigint,
    readonly pre: string[],
  ) {}

  compare(o: SemverValue): number {
    for (const k of ['major', 'minor', 'patch'] as const) if (this[k] !== o[k]) return this[k] < o[k] ? -1 : 1;
    if (!this.pre.length || !o.pre.length) return this.pre.length ? -1 : o.pre.length ? 1 : 0;
    for (let i = 0; i < Math.max(this.pre.length, o.pre.length); i++) {
      const a = this.pre[i];
      const b = o.pre[i];
      if (a === undefined) return -1;
      if (b === undefined) return 1;
      if (a === b) continue;
      const an = /^\d+$/.test(a);
      const bn = /^\d+$/.test(b);
      if (an && bn) return BigInt(a) < BigInt(b) ? -1 : 1;
      if (an !== bn) return an ? -1 : 1;
      return a < b ? -1 : 1;
    }
    return 0;
  }
}

// Normalization accepts a leading "v", missing minor/patch and leading zeros.
function normalize(s: string): string {
  let t = s.startsWith('v') ? s.slice(1) : s;
  const m = /^([0-9.]+)(.*)$/.exec(t);
  if (!m) return t;
  const parts = (m[1] as string).split('.').filter((p) => p !== '');
  while (parts.length < 3) parts.push('0');
  t = parts.map((p) => p.replace(/^0+(?=\d)/, '')).join('.') + (m[2] as string);
  return t;
}

function parseSemver(s: string, lenient = false): SemverValue | null {
  const m = STRICT.exec(lenient ? normalize(s) : s);
  if (!m) return null;
  return new SemverValue(BigInt(m[1] as string), BigInt(m[2] as string), BigInt(m[3] as string), m[4] ? m[4].split('.') : []);
}

function semverOrFail(s: string, lenient = false): SemverValue {
  const v = parseSemver(s, lenient);
  if (!v) throw fail(`could not parse '${s}' as semver`);
  return v;
}

export function installSemver(env: Environment): void {
  const S = 'kubernetes.Semver';
  env.registerType(S, { ctor: SemverValue, fields: {} });
  env.registerFunction('isSemver(string): bool', (s: string) => parseSemver(s) !== null);
  env.registerFunction('isSemver(string, bool): bool', (s: string, n: boolean) => parseSemver(s, n) !== null);
  env.registerFunction(`semver(string): ${S}`, (s: string) => semverOrFail(s));
  env.registerFunction(`semver(string, bool): ${S}`, semverOrFail);
  env.registerFunction(`${S}.major(): int`, (v: SemverValue) => v.major);
  env.registerFunction(`${S}.minor(): int`, (v: SemverValue) => v.minor);
  env.registerFunction(`${S}.patch(): int`, (v: SemverValue) => v.patch);
  env.registerFunction(`${S}.isGreaterThan(${S}): bool`, (a: SemverValue, b: SemverValue) => a.compare(b) > 0);
  env.registerFunction(`${S}.isLessThan(${S}): bool`, (a: SemverValue, b: SemverValue) => a.compare(b) < 0);
  env.registerFunction(`${S}.compareTo(${S}): int`, (a: SemverValue, b: SemverValue) => BigInt(a.compare(b)));
  env.registerOperator(`${S} == ${S}`, (a: SemverValue, b: SemverValue) => a.compare(b) === 0);
}
