// Typed reads into JSON results, so tests stay free of `any`.
import type { Json } from '../json.js';

export function at(value: Json | undefined, ...path: (string | number)[]): Json | undefined {
  let v: Json | undefined = value;
  for (const p of path) {
    if (v === null || v === undefined || typeof v !== 'object') return undefined;
    v = Array.isArray(v) ? v[p as number] : (v as Record<string, Json>)[p as string];
  }
  return v;
}

export function names(value: Json | undefined): string[] {
  return Array.isArray(value) ? value.map((v) => String(at(v, 'name'))) : [];
}
