import { resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import type { Catalog } from '../kinds/catalog.js';
import { catalog as defaultCatalog } from '../kinds/catalog.js';
import { GENERIC_LIST } from '../kinds/list-items.js';
import type { LintObject } from '../rules/rule.js';
import type { SchemaNode } from '../schema/tree.js';
import type { FieldPath } from '../source/field-path.js';
import { formatPath } from '../source/field-path.js';
import type { SourceDocument, SourceFile } from '../source/source-file.js';
import { describeValue, validateStructure } from '../validate/validator.js';
import { declarationsOf } from '../config/api-server-configs.js';
import { configLoadingProblem } from './config-loading.js';
import { declaredFileProblems } from './declared-configs.js';
import { declaresObject } from './manifest.js';
import { diagnostic, locateReport, placeFinding, type FileFindings } from './place-reports.js';

/**
 * The first stage of a lint: which objects a file holds (List items one by one), and a
 * finding for each document that is not an object platlint checks (no apiVersion or kind, an
 * unknown kind or version, YAML that is not for the platform, a declared configuration file of
 * the wrong kind). The objects' findings are placed in `p`; the objects are returned.
 */
export function recogniseObjects(p: FileFindings, catalog: Catalog, cwd?: string): LintObject[] {
  const recognised = asDeclared(p, recognise(p.file, catalog), catalog, cwd);
  p.out.push(...recognised.findings);
  return recognised.objects;
}

/** The objects of a file (List items one by one), for old versions and other threads. */
export function collectObjects(file: SourceFile, catalog: Catalog = defaultCatalog): LintObject[] {
  return recognise(file, catalog).objects;
}

interface Recognised {
  catalog: Catalog;
  objects: LintObject[];
  /** What is not an object platlint checks, and why (unknown kinds, missing apiVersion...). */
  findings: Diagnostic[];
}

/**
 * A run recognises a file's objects twice, for the cross-document index and for its lint:
 * the second time is free. Findings need a position, which may mean parsing a document again.
 */
const recognisedOf = new WeakMap<SourceFile, Recognised>();

function recognise(file: SourceFile, catalog: Catalog): Recognised {
  const known = recognisedOf.get(file);
  if (known?.catalog === catalog) return known;
  const findings: Diagnostic[] = [];
  const recognised = { catalog, objects: gatherObjects({ file, out: findings }, catalog), findings };
  recognisedOf.set(file, recognised);
  return recognised;
}

/**
 * A file the configuration declares as an API server configuration (`apiServerConfigs:`):
 * a document that is not of the declared kind is an error placed instead of what recognising
 * it found (the server refuses the file, so how platlint would have read the document does
 * not matter), and none of its objects is checked.
 */
function asDeclared(
  p: Pick<FileFindings, 'file' | 'config'>,
  recognised: Recognised,
  catalog: Catalog,
  cwd = process.cwd(),
): Pick<Recognised, 'objects' | 'findings'> {
  const declarations = declarationsOf(p.config, resolve(cwd, p.file.path));
  if (declarations.length === 0) return recognised;
  const problems = declaredFileProblems(p.file, declarations, p.config, catalog);
  if (problems.length === 0) return recognised;
  const refused = new Set(problems.map((d) => d.document));
  const findings = recognised.findings.filter((d) => !refused.has(d.document));
  for (const problem of problems) {
    const { document, field } = problem;
    const span = field
      ? locateReport(p.file, document, [field], problem.missing ? 'missing' : 'value')
      : p.file.locateParentKey(document, ['']);
    findings.push(diagnostic(p, 'document/declared-kind', 'error', problem.message, document, field ? [field] : [], span));
  }
  return { findings, objects: recognised.objects.filter((o) => !refused.has(o.document)) };
}

/**
 * True when recognising a document places a finding on it whatever the rules say: it is
 * not one object of a kind platlint checks (an unknown kind, a List whose items are each
 * recognised, no apiVersion or kind). A reader keeps such a document's syntax tree.
 */
export function isPlacedOnRecognition(value: unknown, catalog: Catalog = defaultCatalog): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value !== 'object' || Array.isArray(value)) return true;
  const { apiVersion, kind } = value as Record<string, unknown>;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return true;
  const match = catalog.lookup(apiVersion, kind);
  return !match || !match.info.lintable || match.isList;
}

/** Recognises the objects of a file (List items one by one) and reports what is not one. */
function gatherObjects(p: Pick<FileFindings, 'file' | 'out'>, catalog: Catalog): LintObject[] {
  const objects: LintObject[] = [];
  const reportedKinds = new Set<string>();
  const foreign: SourceDocument[] = [];
  for (const doc of p.file.documents) {
    if (doc.broken || doc.value === null || doc.value === undefined) continue;
    const value = doc.value;
    if (!declaresObject(value)) {
      foreign.push(doc);
      continue;
    }
    if (typeof value !== 'object' || Array.isArray(value)) {
      p.out.push(
        diagnostic(
          p,
          'document/not-mapping',
          'error',
          `document ${doc.index + 1} is a list of objects; a manifest is one mapping with apiVersion and kind (wrap several objects in a kind: List, or separate them with ---)`,
          doc.index,
          [],
          { start: doc.start, end: doc.start, exact: false },
        ),
      );
      continue;
    }
    gatherFrom({ ...p, catalog, reportedKinds, objects, document: doc.index }, value as Record<string, unknown>, []);
  }
  if (foreign.length > 0) reportNotManifest(p, foreign);
  return objects;
}

interface Gathering extends Pick<FileFindings, 'file' | 'out'> {
  catalog: Catalog;
  document: number;
  /** `apiVersion/kind` pairs already reported as unknown in this file. */
  reportedKinds: Set<string>;
  objects: LintObject[];
}

/** Recognises one object (a document, or an item of a `kind: List` at `prefix`). */
function gatherFrom(g: Gathering, record: Record<string, unknown>, prefix: FieldPath): void {
  const { catalog, document } = g;
  // A configuration file is read by its own rules: its group and kind are named at their field.
  const loading = prefix.length === 0 ? configLoadingProblem(record, catalog) : undefined;
  if (loading) {
    const span = locateReport(g.file, document, [loading.field], loading.missing ? 'missing' : 'value');
    g.out.push(diagnostic(g, loading.ruleId, loading.severity, loading.message, document, [loading.field], span));
    return;
  }
  const { apiVersion, kind } = record;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || !apiVersion || !kind) {
    const missing = typeof apiVersion !== 'string' || !apiVersion ? 'apiVersion' : 'kind';
    const path = [...prefix, missing];
    const what = prefix.length ? `item ${formatPath(prefix)}` : 'document';
    g.out.push(
      diagnostic(
        g,
        'document/missing-kind',
        'error',
        `${what} has no ${missing}: platlint cannot tell what it is`,
        document,
        path,
        locateReport(g.file, document, path, missing in record ? 'value' : 'missing'),
      ),
    );
    return;
  }
  if (apiVersion === GENERIC_LIST.apiVersion && kind === GENERIC_LIST.kind && prefix.length === 0) {
    gatherGenericList(g, record);
    return;
  }
  const match = catalog.lookup(apiVersion, kind);
  if (!match || !match.info.lintable) {
    // Same group, other version: a removed or future version of a kind we check.
    const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
    const others = catalog.withKindName(kind).filter((k) => k.lintable && k.group === group);
    if (!match && others.length > 0) {
      const versions = [...new Set(others.map((k) => k.apiVersion))].join(', ');
      g.out.push(
        diagnostic(
          g,
          'document/unknown-version',
          'error',
          `${kind} is not served by ${apiVersion}; use ${versions}`,
          document,
          [...prefix, 'apiVersion'],
          g.file.locate(document, [...prefix, 'apiVersion']),
        ),
      );
    } else if (!g.reportedKinds.has(`${apiVersion}/${kind}`)) {
      g.reportedKinds.add(`${apiVersion}/${kind}`);
      // The name may belong to a checked kind of another group: say which, it may be a slip.
      const elsewhere = catalog
        .withKindName(kind)
        .filter((k) => k.lintable)
        .map((k) => k.apiVersion);
      // A kind of a group that is no platform group is most likely a custom resource: say how to check it.
      const custom = !group.endsWith('plat.io') && group.includes('.');
      const how = custom
        ? ' (to check a custom resource, give its CustomResourceDefinition: --crd PATH, or crds: in platlint.config.yaml)'
        : " (to check the platform's other kinds, give its OpenAPI documents: --openapi DIR, or openapi: in platlint.config.yaml; `platlint schema pull` saves them)";
      const hint = elsewhere.length ? ` (platlint checks ${kind} in ${[...new Set(elsewhere)].join(', ')})` : how;
      g.out.push(
        diagnostic(
          g,
          'document/unknown-kind',
          'info',
          `${kind} (${apiVersion}) is not a kind platlint checks; skipped${hint}`,
          document,
          [...prefix, 'kind'],
          g.file.locate(document, [...prefix, 'kind']),
        ),
      );
    }
    return;
  }
  const custom = catalog.customVersion(match.info);
  if (custom && !custom.served) {
    const served = catalog
      .withKindName(kind)
      .filter((k) => k.group === custom.group && catalog.customVersion(k)?.served)
      .map((k) => k.apiVersion);
    const hint = served.length ? `; use ${served.join(', ')}` : '; it serves no version';
    g.out.push(
      diagnostic(
        g,
        'document/unknown-version',
        'error',
        `${kind} (${apiVersion}) is not served: CustomResourceDefinition ${custom.definition} marks the version served: false${hint}`,
        document,
        [...prefix, 'apiVersion'],
        g.file.locate(document, [...prefix, 'apiVersion']),
      ),
    );
    return;
  }
  if (!match.isList) {
    g.objects.push({ file: g.file.path, document, prefix, kind: match.info, value: record });
    return;
  }
  if (prefix.length) {
    // A typed list inside a generic one: kubectl never writes it, and the server would not take it.
    g.out.push(
      diagnostic(
        g,
        'schema/type',
        'error',
        `${kind} cannot be an item of a List; list its ${match.info.kind} objects as items directly`,
        document,
        [...prefix, 'kind'],
        g.file.locate(document, [...prefix, 'kind']),
      ),
    );
    return;
  }
  // A List is checked as an envelope, then item by item as objects of their own.
  const envelope = { ...record, items: Array.isArray(record.items) ? [] : record.items };
  const listType = catalog.typeSchema(match.info.entry.list?.type ?? '');
  for (const finding of validateStructure(listType, envelope)) placeFinding(g, document, finding);
  if (Array.isArray(record.items)) {
    record.items.forEach((item, i) => {
      if (item && typeof item === 'object' && !Array.isArray(item)) {
        g.objects.push({
          file: g.file.path,
          document,
          prefix: ['items', i],
          kind: match.info,
          value: item as Record<string, unknown>,
        });
      } else if (item !== null && item !== undefined) {
        placeFinding(g, document, {
          ruleId: 'schema/type',
          path: ['items', i],
          target: 'value',
          message: `must be a mapping (an object of kind ${match.info.kind}), not ${describeValue(item)}`,
        });
      }
    });
  }
}

let genericListSchema: SchemaNode | undefined;

/** The envelope of a generic List: ListMeta and a list of objects, as the server's meta/v1 List type has. */
function genericListEnvelope(catalog: Catalog): SchemaNode {
  genericListSchema ??= {
    type: 'object',
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: catalog.typeSchema('meta/v1.ListMeta'),
      items: { type: 'array', items: { type: 'object' } },
    },
  };
  return genericListSchema;
}

/** Each item of a generic List is recognised and linted like a document of its own, at `items[i]`. */
function gatherGenericList(g: Gathering, record: Record<string, unknown>): void {
  for (const finding of validateStructure(genericListEnvelope(g.catalog), record)) placeFinding(g, g.document, finding);
  if (!Array.isArray(record.items)) return;
  record.items.forEach((item, i) => {
    if (item && typeof item === 'object' && !Array.isArray(item)) gatherFrom(g, item as Record<string, unknown>, ['items', i]);
  });
}

/** Once per file: the YAML that names neither apiVersion nor kind is not for the platform. */
function reportNotManifest(p: Pick<FileFindings, 'file' | 'out'>, docs: readonly SourceDocument[]): void {
  const first = docs[0] as SourceDocument;
  const n = docs.length;
  const subject =
    n === p.file.documents.length
      ? n === 1
        ? 'the file'
        : `all ${n} documents of the file`
      : n === 1
        ? `document ${first.index + 1}`
        : `${n} documents (the first is document ${first.index + 1})`;
  const message = `${subject}: no apiVersion and no kind, so not a platform manifest; skipped`;
  p.out.push(diagnostic(p, 'document/not-manifest', 'info', message, first.index, [], p.file.locateParentKey(first.index, [''])));
}
