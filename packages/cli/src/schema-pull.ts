// `platlint schema pull`: a cluster's OpenAPI v3 documents and CustomResourceDefinitions saved
// into a directory that `lint --openapi DIR/openapi --crd DIR/crds` reads offline.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { stringify } from 'yaml';
import type { Io } from './commands.js';
import { parseStrict, UsageError } from './options.js';

const DEFAULT_OUT = 'platform-schemas';

/**
 * The file of a group-version's document: its index path with `/` as `__` (`api/v1` →
 * `api__v1.json`, `apis/apps/v1` → `apis__apps__v1.json`), anything but letters, digits, `.`,
 * `_` and `-` as `_`, so that no name the server sends leaves the directory.
 */
export function documentFileName(path: string): string {
  const name = path
    .split('/')
    .filter(Boolean)
    .join('__')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '_');
  return `${name || '_'}.json`;
}

export async function schemaPull(argv: readonly string[], io: Io): Promise<number> {
  const parsed = parseStrict(argv, {
    allowPositionals: false,
    options: { kubeconfig: { type: 'string' }, out: { type: 'string', short: 'o' } },
  });
  const { kubeconfig, out = DEFAULT_OUT } = parsed.values;
  if (kubeconfig === undefined) throw new UsageError('schema pull needs --kubeconfig FILE: the cluster to read');
  // Loaded here only: the Kubernetes client is a file of its own, which no other command reads.
  const { downloadSchemas, SchemaDownloadError } = await import('@platlint/admission/schema-download');
  let pulled;
  try {
    pulled = await downloadSchemas(resolve(io.cwd, kubeconfig));
  } catch (error) {
    if (!(error instanceof SchemaDownloadError)) throw error;
    io.stderr(`platlint: schema pull: ${error.message}; nothing was saved\n`);
    return 2;
  }
  const dir = resolve(io.cwd, out);
  const openapiDir = join(dir, 'openapi');
  const crdDir = join(dir, 'crds');
  const documents = new Map<string, unknown>([['index.json', pulled.index]]);
  for (const { path, body } of pulled.documents) documents.set(documentFileName(path), body);
  const definitions = new Map<string, unknown>();
  for (const crd of pulled.definitions) {
    const { status: _status, ...rest } = crd;
    const metadata = (crd.metadata ?? {}) as Record<string, unknown>;
    // What the server keeps for itself (managed fields, versions, ids) would only churn a diff.
    const { managedFields: _m, resourceVersion: _r, uid: _u, generation: _g, creationTimestamp: _c, ...kept } = metadata;
    const name = typeof metadata.name === 'string' && metadata.name ? metadata.name : `definition-${definitions.size + 1}`;
    definitions.set(`${name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_')}.yaml`, {
      ...rest,
      apiVersion: crd.apiVersion ?? 'apiextensions.plat.io/v1',
      kind: crd.kind ?? 'CustomResourceDefinition',
      metadata: kept,
    });
  }
  writeAll(openapiDir, documents, '.json', (value) => `${JSON.stringify(value, null, 2)}\n`);
  writeAll(crdDir, definitions, '.yaml', (value) => stringify(value));
  const shown = relative(io.cwd, dir) || '.';
  io.stderr(
    `platlint: saved ${pulled.documents.length} OpenAPI document${pulled.documents.length === 1 ? '' : 's'} (and the index) to ${join(shown, 'openapi')} and ${definitions.size} CustomResourceDefinition${definitions.size === 1 ? '' : 's'} to ${join(shown, 'crds')}; lint with --openapi ${join(shown, 'openapi')} --crd ${join(shown, 'crds')}\n`,
  );
  return 0;
}

/** Writes the files into `dir` and removes the files of `extension` an earlier pull left there. */
function writeAll(dir: string, files: ReadonlyMap<string, unknown>, extension: string, text: (value: unknown) => string): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, value] of files) writeFileSync(join(dir, name), text(value));
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith(extension) && !files.has(entry.name)) rmSync(join(dir, entry.name));
  }
}
