import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import { glob } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { AJV_OPTIONS, SourceFile, ajvFormats, catalog, toJsonSchema } from '@platlint/core';

/**
 * The CLI bundle validates with validators precompiled at build time; tests and the library
 * compile the same JSON Schemas at run time. Both must find exactly the same problems.
 */
const generated = fileURLToPath(new URL('../packages/core/generated/validators.js', import.meta.url));
const roots = [
  fileURLToPath(new URL('../examples/', import.meta.url)),
  fileURLToPath(new URL('corpus/realworld/', import.meta.url)),
];

describe('precompiled validators', () => {
  it('exist after the build', () => {
    expect(existsSync(generated), 'run `npm run build` first').toBe(true);
  });

  it('agree with run-time compilation on every example and real manifest', async () => {
    const { precompiled } = (await import(generated)) as { precompiled: Record<string, ValidateFunction> };
    const ajv = new Ajv(AJV_OPTIONS);
    for (const [name, format] of Object.entries(ajvFormats)) ajv.addFormat(name, format);
    const runtime = new Map<string, ValidateFunction>();
    let compared = 0;
    for (const root of roots) {
      for (const file of await glob(['**/*.yaml', '**/*.yml'], { cwd: root, absolute: true })) {
        for (const doc of SourceFile.fromBytes(file, readFileSync(file)).documents) {
          const value = doc.value as { apiVersion?: unknown; kind?: unknown } | undefined;
          if (!value || typeof value.apiVersion !== 'string' || typeof value.kind !== 'string') continue;
          const match = catalog.lookup(value.apiVersion, value.kind);
          if (!match?.info.lintable) continue;
          const typeId = match.isList ? (match.info.entry.list?.type ?? '') : match.info.typeId;
          const fast = precompiled[typeId];
          expect(fast, typeId).toBeDefined();
          let slow = runtime.get(typeId);
          if (!slow) {
            slow = ajv.compile(toJsonSchema(catalog.typeSchema(typeId)));
            runtime.set(typeId, slow);
          }
          const shape = (v: ValidateFunction) =>
            v(value) ? [] : (v.errors ?? []).map((e) => `${e.keyword} ${e.instancePath} ${JSON.stringify(e.params)}`).sort();
          expect(shape(fast!), `${file} document ${doc.index}`).toEqual(shape(slow));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
  });
});
