import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { exportJsonSchemas } from '@platlint/core';
import type { Io } from './commands.js';
import { UsageError } from './files.js';

export const SCHEMA_USAGE = `Usage: platlint schema [KIND...] [--out DIR]

Writes JSON Schemas of the kinds (all when none are named), derived from the same schema
tree the linter uses, for other YAML tooling (yaml-language-server, editors, CI checks).
They are standard draft-07: Go durations, quantities and name formats are patterns, so any
validator reads them as platlint does. A kind is named as Kind or apiVersion/Kind. Without
--out, one schema is printed.

Options:
  -o, --out DIR  Write one file per kind, and the combined schema, into DIR
  -h, --help     Show this help
`;

export function schemaCommand(argv: readonly string[], io: Io): number {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: { out: { type: 'string', short: 'o' } } });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  let schemas;
  try {
    schemas = exportJsonSchemas(parsed.positionals);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const out = parsed.values.out;
  if (!out) {
    if (schemas.length !== 1 && parsed.positionals.length !== 1) {
      // Everything at once: the combined schema, which covers every kind.
      const combined = schemas.find((s) => s.fileName === 'platlint.schema.json') ?? schemas[0];
      io.stdout(`${JSON.stringify(combined?.schema, null, 2)}\n`);
      return 0;
    }
    io.stdout(`${JSON.stringify(schemas[0]?.schema, null, 2)}\n`);
    return 0;
  }
  const dir = resolve(io.cwd, out);
  mkdirSync(dir, { recursive: true });
  for (const s of schemas) writeFileSync(join(dir, s.fileName), `${JSON.stringify(s.schema, null, 2)}\n`);
  io.stderr(`platlint: wrote ${schemas.length} schema${schemas.length === 1 ? '' : 's'} to ${out}\n`);
  return 0;
}
