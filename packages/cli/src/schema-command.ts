import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { catalogWith, exportCustomSchemas, exportJsonSchemas, type ExportedSchema } from '@platlint/core';
import { gatherDefinitions, usage, type Io } from './commands.js';
import { parseStrict, UsageError } from './options.js';
import { engineFor } from './parallel.js';

export const SCHEMA_USAGE = `Usage: platlint schema [KIND...] [--out DIR] [--crd PATH]... [--openapi DIR]...
       platlint schema pull --kubeconfig FILE [--out DIR]

Writes JSON Schemas of the kinds (all when none are named), derived from the same schema
tree the linter uses, for other YAML tooling (yaml-language-server, editors, CI checks).
They are standard draft-07: Go durations, quantities and name formats are patterns, so any
validator reads them as platlint does. A kind is named as Kind or apiVersion/Kind. Without
--out, one schema is printed.

With --crd (and --openapi), the custom resources those define are written too, one file per
kind and version, named as kubeconform looks schemas up: give kubeconform
  -schema-location default -schema-location 'DIR/{{ .ResourceKind }}{{ .KindSuffix }}.json'
(for example widget-example-v1.json for example.com/v1 Widget, service-v1.json for v1 Service).

Options:
  -o, --out DIR       Write one file per kind, and the combined schema of the built-in
                      kinds, into DIR
      --crd PATH      CustomResourceDefinitions (files, directories or globs) whose versions
                      to export; repeatable (the configuration's crds: too)
      --openapi DIR   The platform's OpenAPI v3 documents, whose kinds platlint has no
                      rules for to export; repeatable (the configuration's openapi: too)
  -h, --help          Show this help

platlint schema pull saves a cluster's OpenAPI v3 documents (the /openapi/v3 index and every
group-version's document) into DIR/openapi and its CustomResourceDefinitions into DIR/crds
(one YAML file each, without status), for CI to commit and lint with offline:
  platlint lint --openapi DIR/openapi --crd DIR/crds ...
(or openapi: and crds: in platlint.config.yaml). Files an earlier pull left there and this one
does not write are removed.

Options of pull:
      --kubeconfig FILE  The cluster to read, with its credentials
  -o, --out DIR          Where to save (default: platform-schemas)
`;

export async function schemaCommand(argv: readonly string[], io: Io): Promise<number> {
  if (argv[0] === 'pull') return (await import('./schema-pull.js')).schemaPull(argv.slice(1), io);
  const parsed = parseStrict(argv, {
    options: {
      out: { type: 'string', short: 'o' },
      crd: { type: 'string', multiple: true, default: [] },
      openapi: { type: 'string', multiple: true, default: [] },
    },
  });
  const { crd = [], openapi = [] } = parsed.values;
  const custom = crd.length || openapi.length ? await customSchemas(io, crd, openapi) : [];
  const names = parsed.positionals;
  const isCustom = (name: string, s: ExportedSchema): boolean =>
    s.kinds.some((k) => `${k.apiVersion}/${k.kind}` === name || k.kind.toLowerCase() === name.toLowerCase());
  const customNamed = custom.filter((s) => names.some((n) => isCustom(n, s)));
  const builtinNames = names.filter((n) => !custom.some((s) => isCustom(n, s)));
  let schemas: ExportedSchema[];
  try {
    schemas = names.length && !builtinNames.length ? [] : exportJsonSchemas(builtinNames);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  schemas.push(...(names.length ? customNamed : custom));
  const out = parsed.values.out;
  if (!out) {
    if (schemas.length !== 1 && names.length !== 1) {
      // Everything at once: the combined schema, which covers every built-in kind.
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

/** The schemas of the kinds the definitions and documents add, read as `lint` reads them. */
async function customSchemas(io: Io, crds: string[], openapi: string[]): Promise<ExportedSchema[]> {
  const engine = usage(() => engineFor({ cwd: io.cwd, configFile: undefined, ruleOverrides: {} }));
  const definitions = await usage(() => gatherDefinitions(engine, io.cwd, { crds, openapi }, [], undefined));
  return usage(() => exportCustomSchemas(catalogWith(engine.catalog, definitions)));
}
