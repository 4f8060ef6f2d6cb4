// Where a run learns its custom kinds: CustomResourceDefinitions among the linted files, in
// the paths a configuration's `crds:` or `--crd` names, or handed over as values (a cluster's,
// another thread's). Definitions travel as plain values with their source, so that every
// thread of a run builds the same catalog.
import type { Catalog } from '../kinds/catalog.js';
import { objectsOf } from '../kinds/list-items.js';
import type { ReadFiles } from '../lint/read-files.js';
import { readBoundedFileSync } from '../source/read-bounded.js';
import { SourceFile } from '../source/source-file.js';
import { CRD_KIND, customVersionsOf, isCustomResourceDefinition, type CustomVersion } from './definition.js';

/**
 * A CustomResourceDefinition and where it came from (`file.yaml`, `file.yaml#2` for a later
 * document). `origin: 'openapi'` marks a kind of the platform's OpenAPI documents, written as
 * a definition (./openapi.ts).
 */
export interface DefinitionSource {
  source: string;
  value: Record<string, unknown>;
  origin?: 'openapi';
  /** For a kind of an OpenAPI document: the digest of the document's text, which stands for its kinds in cache keys. */
  digest?: string;
}

/** Two definitions of one kind that differ: the run cannot tell which the cluster serves. */
export class CustomKindConflictError extends Error {
  constructor(
    readonly kind: string,
    readonly sources: readonly [string, string],
  ) {
    super(`${kind} is defined twice, differently: by ${sources[0]} and by ${sources[1]}; keep one definition`);
  }
}

const MARKER = Buffer.from(CRD_KIND);

/** True when a file's bytes may hold a definition (cheap: most files do not name the kind at all). */
export function mayHoldDefinition(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(MARKER);
}

/** The definitions of a file's documents (items of Lists too). Unreadable files and broken documents hold none. */
export function definitionsIn(path: string, bytes: Uint8Array, catalog: Catalog): DefinitionSource[] {
  return mayHoldDefinition(bytes) ? definitionsInSource(SourceFile.fromBytes(path, bytes), catalog) : [];
}

/** The definitions of a file already read. */
export function definitionsInSource(file: SourceFile, catalog: Catalog): DefinitionSource[] {
  const out: DefinitionSource[] = [];
  for (const doc of file.documents) {
    if (doc.broken || !doc.value || typeof doc.value !== 'object' || Array.isArray(doc.value)) continue;
    const where = doc.index === 0 ? file.path : `${file.path}#${doc.index + 1}`;
    for (const held of objectsOf(doc.value as Record<string, unknown>, catalog)) {
      if (isCustomResourceDefinition(held.value))
        out.push({ source: held.prefix.length ? `${where} (${held.prefix.join('.')})` : where, value: held.value });
    }
  }
  return out;
}

/**
 * The definitions in these files; a file that cannot be read holds none (the lint of it says why).
 * With `held`, what was read is left there for a lint of the same run to take (ReadFiles)
 * rather than read and parse each file a second time.
 */
export function readDefinitions(paths: readonly string[], catalog: Catalog, held?: ReadFiles): DefinitionSource[] {
  return paths.flatMap((path) => {
    let bytes: Buffer;
    try {
      bytes = readBoundedFileSync(path);
    } catch {
      return [];
    }
    if (!mayHoldDefinition(bytes)) {
      held?.keepBytes(path, bytes);
      return [];
    }
    const file = SourceFile.fromBytes(path, bytes);
    held?.keepParsed(file, bytes.length);
    return definitionsInSource(file, catalog);
  });
}

/**
 * The catalog with the kinds these definitions serve. Built-in kinds the linter checks stay
 * authoritative. The same definition met twice (a file named by `--crd` and linted too)
 * counts once; two that differ for one kind throw CustomKindConflictError. A kind that a
 * CustomResourceDefinition defines is taken from it rather than from the OpenAPI documents:
 * the server publishes a custom resource's OpenAPI from its definition, without what the
 * definition says beyond types (CEL rules, required fields, enums, defaults it prunes).
 * Two that differ throw, or are told to `onConflict` (the first is kept).
 */
export function catalogWith(
  base: Catalog,
  definitions: readonly DefinitionSource[],
  onConflict?: (conflict: CustomKindConflictError) => void,
): Catalog {
  if (definitions.length === 0) return base;
  const objectMeta = base.typeSchema('meta/v1.ObjectMeta');
  // A definition's text is compared only when another one names the same kind.
  const byKind = new Map<string, { source: string; spec: unknown }>();
  const versions: CustomVersion[] = [];
  const crds = definitions.filter((d) => d.origin !== 'openapi');
  const openApi = definitions.filter((d) => d.origin === 'openapi');
  for (const { source, value, origin } of [...crds, ...openApi]) {
    const found = customVersionsOf(value, source, objectMeta, origin ?? 'crd');
    const [first] = found;
    if (!first) continue;
    const groupKind = `${first.kind}.${first.group}`;
    if (origin === 'openapi' && byKind.has(groupKind)) continue;
    // The OpenAPI documents describe each version of a kind apart.
    const key = origin === 'openapi' ? `${groupKind}/${first.version}` : groupKind;
    const seen = byKind.get(key);
    if (seen) {
      if (JSON.stringify(seen.spec) !== JSON.stringify(value.spec)) {
        const conflict = new CustomKindConflictError(
          origin === 'openapi' ? `${first.kind} (${first.group ? `${first.group}/` : ''}${first.version})` : key,
          [seen.source, source],
        );
        // An editor keeps the first definition and goes on; a run stops.
        if (!onConflict) throw conflict;
        onConflict(conflict);
      }
      continue;
    }
    byKind.set(key, { source, spec: value.spec });
    versions.push(...found);
  }
  return base.withCustomResources(versions);
}
