import { catalog } from '../kinds/catalog.js';
import type { Diagnostic } from '../diagnostics.js';
import type { SourceDocument, SourceFile } from '../source/source-file.js';

/**
 * What counts as a manifest: one definition for the CLI, the language server and the webhook.
 *
 * Repositories hold YAML that is not for the platform (CI workflows, compose files,
 * `.pre-commit-config.yaml`, Helm values). A document that names neither `apiVersion` nor
 * `kind` is such a file: it is skipped (the linter says so once per file, as information).
 * A document that names one of the two is an object with a mistake, and stays an error,
 * with two exceptions that belong to other tools: an `apiVersion` alone that no platform group
 * could serve (Helm's `Chart.yaml` says `apiVersion: v2`, Grafana's provisioning files
 * `apiVersion: 1`), and kustomize's own files
 * (`kustomization.yaml`: a Kustomization or Component of `kustomize.config.k8s.io`), which
 * kustomize reads and never sends to the server.
 */
export function declaresObject(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  // A bare list of objects is a manifest written wrongly (it wants `kind: List`), not foreign YAML.
  if (Array.isArray(value)) return value.some((item) => declaresObject(item) && !Array.isArray(item));
  const record = value as Record<string, unknown>;
  if (typeof record.apiVersion === 'string' && record.apiVersion.startsWith(KUSTOMIZE_GROUP)) return false;
  if (isSet(record.kind)) return true;
  const { apiVersion } = record;
  // A number (Grafana's provisioning files say `apiVersion: 1`) is read as the text it would be.
  if (typeof apiVersion === 'number') return couldBePlatformApiVersion(String(apiVersion));
  return isSet(apiVersion) && (typeof apiVersion !== 'string' || couldBePlatformApiVersion(apiVersion));
}

const KUSTOMIZE_GROUP = 'kustomize.config.k8s.io/';

let coreVersions: ReadonlySet<string> | undefined;
let groups: ReadonlySet<string> | undefined;

/** True for `group/version` of a group the catalog knows, or a version the core group serves. */
function couldBePlatformApiVersion(apiVersion: string): boolean {
  coreVersions ??= new Set(catalog.kinds.filter((k) => k.group === '').map((k) => k.version));
  groups ??= new Set(catalog.kinds.map((k) => k.group));
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? coreVersions.has(apiVersion) : groups.has(apiVersion.slice(0, slash));
}

function isSet(field: unknown): boolean {
  return field !== undefined && field !== null;
}

// A line setting `apiVersion:` or `kind:` at any indentation (List items are indented).
const HEADER_LINE = /^[ \t-]*(?:apiVersion|kind)[ \t]*:/m;

/**
 * True when a document is (or may be) a manifest. A document whose syntax is broken has no
 * value to judge; it counts as a manifest when one of its lines sets apiVersion or kind.
 */
export function isManifestDocument(file: SourceFile, doc: SourceDocument): boolean {
  if (doc.broken) return HEADER_LINE.test(file.text.slice(doc.start, doc.end));
  return declaresObject(doc.value);
}

/** True when some document of the file is a manifest, or the file could not be read at all. */
export function holdsManifest(file: SourceFile): boolean {
  if (file.documents.length === 0) return file.diagnostics.some((d) => d.severity === 'error');
  return file.documents.some((doc) => isManifestDocument(file, doc));
}

/**
 * The findings of reading a file that concern the platform: a YAML problem that did not stop
 * the reading (a tag the platform cannot resolve, a repeated key) in a document that is then
 * no manifest (`mkdocs.yml` with its `!!python/name:` tags) belongs to the tool that reads
 * that YAML; the document is only said to be skipped. A document that could not be read at
 * all keeps its findings: what it was meant to be is not known.
 */
export function readingFindingsOfManifests(file: SourceFile): Diagnostic[] {
  return file.diagnostics.filter((d) => {
    const doc = file.documents[d.document];
    return !d.ruleId.startsWith('yaml/') || doc === undefined || doc.broken || declaresObject(doc.value);
  });
}
