import { resolve } from 'node:path';
import type { Diagnostic, Fix, Severity } from '../diagnostics.js';
import { compareDiagnostics } from '../diagnostics.js';
import type { Config } from '../config/config.js';
import type { Catalog, KindInfo } from '../kinds/catalog.js';
import { catalog as defaultCatalog } from '../kinds/catalog.js';
import { GENERIC_LIST } from '../kinds/list-items.js';
import { noteMessageRef, reportText } from '../rules/messages.js';
import type { LintObject, LintSettings, ObjectLookup, ReportDescriptor, ReportTarget, Rule, RuleContext } from '../rules/rule.js';
import { valueAt } from '../rules/rule.js';
import { platlintInfo, schemaAt } from '../schema/tree.js';
import type { SchemaNode } from '../schema/tree.js';
import type { FieldPath } from '../source/field-path.js';
import { formatPath } from '../source/field-path.js';
import { stringScalarText } from '../fix/scalar-text.js';
import type { SourceDocument, SourceFile, Span } from '../source/source-file.js';
import { describeValue, validateStructure, type StructuralFinding } from '../validate/validator.js';
import { validateCustomResource } from '../custom-resources/validate.js';
import { intRangeOf } from '../validate/json-schema.js';
import { configLoadingProblem, decodeConfig, missingAsTheServerSaysIt } from './config-loading.js';
import { declaredFileProblems } from './declared-configs.js';
import { declarationsOf } from '../config/api-server-configs.js';
import { declaresObject } from './manifest.js';
import { RunIndex } from './run-index.js';
import { applySuppressions } from './suppressions.js';
import { gateDefault, releaseAtLeast } from '../config/feature-gates.js';

export interface FileResult {
  path: string;
  /** YAML documents in the file. */
  documents: number;
  diagnostics: Diagnostic[];
  /** The checks of `deferRules` this file's objects wait for (see LintRun.deferRules). */
  deferred?: DeferredCheck[];
}

/** A rule left for later on one object: run by `reportsAny` once the whole run's objects are known. */
export interface DeferredCheck {
  rule: Rule;
  object: LintObject;
  settings: LintSettings;
}

export interface LintRun {
  files: readonly SourceFile[];
  rules: readonly Rule[];
  configFor: (file: SourceFile) => Config;
  catalog?: Catalog;
  /**
   * The objects cross-document rules read, from the whole run: the entries of the files
   * linted here are replaced by those files' objects as linted now. Without it, rules see
   * the objects of these files alone.
   */
  index?: RunIndex;
  /** Stored objects to compare with, for update rules (`--old`). */
  oldObjects?: readonly LintObject[];
  /** The directory relative file paths are relative to (where declared configuration files are matched); the process's by default. */
  cwd?: string;
  /** False when the files come from someone other than the repository (a requester): their comments must not switch rules off. */
  inlineSuppressions?: boolean;
  /**
   * Rules not run now: the objects they would check are returned in `deferred`. A run that
   * does not know every object yet lints a file with the others, releases its tree, and
   * later asks whether the deferred rules have anything to say (they rarely do).
   */
  deferRules?: ReadonlySet<Rule>;
  /**
   * Give the rules' findings alone: the file's other findings are known already (the second
   * pass of a run places the findings of the checks it deferred). Structure is then checked
   * only where it decides whether rules run (configuration files).
   */
  rulesOnly?: boolean;
}

interface Placed {
  file: SourceFile;
  config: Config;
  /** The engine's own findings (reading, recognising, structure)... */
  out: Diagnostic[];
  /** ...and the rules': the same list, unless the run asks for the rules' findings alone. */
  ruleOut: Diagnostic[];
  deferred?: DeferredCheck[];
}

/**
 * Lints a set of files together, so that rules can see every object of the run (a binding
 * and its policy may sit in different files).
 */
export function lintFiles(run: LintRun): FileResult[] {
  const catalog = run.catalog ?? defaultCatalog;
  const placed: Placed[] = [];
  const objects: LintObject[] = [];
  const objectFiles = new Map<LintObject, Placed>();
  for (const file of run.files) {
    const out = run.rulesOnly ? [] : [...file.diagnostics];
    const p: Placed = { file, config: run.configFor(file), out, ruleOut: run.rulesOnly ? [] : out };
    placed.push(p);
    const recognised = asDeclared(p, recognise(file, catalog), catalog, run.cwd);
    out.push(...recognised.findings);
    for (const object of recognised.objects) {
      objects.push(object);
      objectFiles.set(object, p);
    }
  }
  const rulesByKind = indexRules(run.rules);
  const lookup = (run.index ?? new RunIndex([])).seenFrom(new Set(run.files.map((f) => f.path)), objects);
  const previousOf = pairWithOld(objects, run.oldObjects ?? []);
  for (const object of objects) {
    const p = objectFiles.get(object) as Placed;
    const unserved = p.config.rules['document/not-served'] === 'off' ? undefined : notServed(object.kind, p.config, catalog);
    if (unserved) {
      const path = [...object.prefix, 'apiVersion'];
      p.out.push(diagnostic(p, 'document/not-served', unserved.severity, unserved.message, object.document, path, p.file.locate(object.document, path)));
      // The server answers "no matches for kind": nothing else about the object matters.
      if (unserved.severity === 'error') continue;
    }
    // The server stops reading a configuration file at a decode failure: no rule runs then.
    if (!(run.rulesOnly && object.kind.scope !== 'config') && !checkStructure(p, object, catalog)) continue;
    const settings: LintSettings = { featureGates: p.config.featureGates, release: p.config.release };
    const previous = previousOf.get(object);
    for (const rule of [...(rulesByKind.get(object.kind.groupKind) ?? []), ...(rulesByKind.get('*') ?? [])]) {
      if (p.config.rules[rule.meta.id] === 'off') continue;
      if (run.deferRules?.has(rule)) (p.deferred ??= []).push({ rule, object, settings });
      else runRule(rule, p, object, settings, lookup, previous, catalog);
    }
  }
  return placed.map((p) => {
    const result = finish(p, run.inlineSuppressions !== false);
    return p.deferred ? { ...result, deferred: p.deferred } : result;
  });
}

/**
 * Whether a deferred rule reports anything (or fails) on its object, given the objects of
 * the run. Nothing is placed: a file for which this is true is linted again whole.
 */
export function reportsAny(checks: readonly DeferredCheck[], index: ObjectLookup, catalog: Catalog = defaultCatalog): boolean {
  for (const { rule, object, settings } of checks) {
    let reported = false;
    const schema = catalog.schema(object.kind);
    const context: RuleContext = {
      object,
      value: object.value,
      kind: object.kind,
      schema,
      settings,
      index,
      old: undefined,
      report: () => void (reported = true),
      reportMissing: () => void (reported = true),
      effective: effectiveOf(object, schema),
      // Sources place findings finely; whether there is a finding does not depend on them.
      scalarSource: () => undefined,
    };
    try {
      rule.check(context);
    } catch {
      return true;
    }
    if (reported) return true;
  }
  return false;
}

/** The rules of each kind, for each rule list a run is given (a run lints file after file with the same list). */
const rulesByKindOf = new WeakMap<readonly Rule[], Map<string, Rule[]>>();

/**
 * The findings of deferred checks, each rule run again on the object it was deferred with
 * and its findings placed in `file`, the same text (read whole again, or opened for
 * positions only: SourceFile.fromLayout). Configured severities apply; inline suppressions
 * do not (a file that has some is linted again whole).
 */
export function placeChecks(file: SourceFile, checks: readonly DeferredCheck[], config: Config, index: ObjectLookup, catalog: Catalog = defaultCatalog): Diagnostic[] {
  const p: Placed = { file, config, out: [], ruleOut: [] };
  for (const { rule, object, settings } of checks) runRule(rule, p, object, settings, index, undefined, catalog);
  return finish(p, false).diagnostics;
}

function indexRules(rules: readonly Rule[]): Map<string, Rule[]> {
  let index = rulesByKindOf.get(rules);
  if (index) return index;
  index = new Map<string, Rule[]>();
  for (const rule of rules) {
    for (const kind of rule.meta.kinds === '*' ? ['*'] : rule.meta.kinds) index.set(kind, [...(index.get(kind) ?? []), rule]);
  }
  rulesByKindOf.set(rules, index);
  return index;
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
function asDeclared(p: Pick<Placed, 'file' | 'config'>, recognised: Recognised, catalog: Catalog, cwd = process.cwd()): Pick<Recognised, 'objects' | 'findings'> {
  const declarations = declarationsOf(p.config, resolve(cwd, p.file.path));
  if (declarations.length === 0) return recognised;
  const problems = declaredFileProblems(p.file, declarations, p.config, catalog);
  if (problems.length === 0) return recognised;
  const refused = new Set(problems.map((d) => d.document));
  const findings = recognised.findings.filter((d) => !refused.has(d.document));
  for (const problem of problems) {
    const { document, field } = problem;
    const span = field ? locateReport(p.file, document, [field], problem.missing ? 'missing' : 'value') : p.file.locateParentKey(document, ['']);
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
function gatherObjects(p: Pick<Placed, 'file' | 'out'>, catalog: Catalog): LintObject[] {
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
      p.out.push(diagnostic(p, 'document/not-mapping', 'error', `document ${doc.index + 1} is a list of objects; a manifest is one mapping with apiVersion and kind (wrap several objects in a kind: List, or separate them with ---)`, doc.index, [], { start: doc.start, end: doc.start, exact: false }));
      continue;
    }
    gatherFrom({ ...p, catalog, reportedKinds, objects, document: doc.index }, value as Record<string, unknown>, []);
  }
  if (foreign.length > 0) reportNotManifest(p, foreign);
  return objects;
}

interface Gathering extends Pick<Placed, 'file' | 'out'> {
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
    g.out.push(diagnostic(g, 'document/missing-kind', 'error', `${what} has no ${missing}: platlint cannot tell what it is`, document, path, locateReport(g.file, document, path, missing in record ? 'value' : 'missing')));
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
      g.out.push(diagnostic(g, 'document/unknown-version', 'error', `${kind} is not served by ${apiVersion}; use ${versions}`, document, [...prefix, 'apiVersion'], g.file.locate(document, [...prefix, 'apiVersion'])));
    } else if (!g.reportedKinds.has(`${apiVersion}/${kind}`)) {
      g.reportedKinds.add(`${apiVersion}/${kind}`);
      // The name may belong to a checked kind of another group: say which, it may be a slip.
      const elsewhere = catalog.withKindName(kind).filter((k) => k.lintable).map((k) => k.apiVersion);
      // A kind of a group that is no platform group is most likely a custom resource: say how to check it.
      const custom = !group.endsWith('plat.io') && group.includes('.');
      const how = custom
        ? ' (to check a custom resource, give its CustomResourceDefinition: --crd PATH, or crds: in platlint.config.yaml)'
        : " (to check the platform's other kinds, give its OpenAPI documents: --openapi DIR, or openapi: in platlint.config.yaml; `platlint schema pull` saves them)";
      const hint = elsewhere.length ? ` (platlint checks ${kind} in ${[...new Set(elsewhere)].join(', ')})` : how;
      g.out.push(diagnostic(g, 'document/unknown-kind', 'info', `${kind} (${apiVersion}) is not a kind platlint checks; skipped${hint}`, document, [...prefix, 'kind'], g.file.locate(document, [...prefix, 'kind'])));
    }
    return;
  }
  const custom = catalog.customVersion(match.info);
  if (custom && !custom.served) {
    const served = catalog.withKindName(kind).filter((k) => k.group === custom.group && catalog.customVersion(k)?.served).map((k) => k.apiVersion);
    const hint = served.length ? `; use ${served.join(', ')}` : '; it serves no version';
    g.out.push(diagnostic(g, 'document/unknown-version', 'error', `${kind} (${apiVersion}) is not served: CustomResourceDefinition ${custom.definition} marks the version served: false${hint}`, document, [...prefix, 'apiVersion'], g.file.locate(document, [...prefix, 'apiVersion'])));
    return;
  }
  if (!match.isList) {
    g.objects.push({ file: g.file.path, document, prefix, kind: match.info, value: record });
    return;
  }
  if (prefix.length) {
    // A typed list inside a generic one: kubectl never writes it, and the server would not take it.
    g.out.push(diagnostic(g, 'schema/type', 'error', `${kind} cannot be an item of a List; list its ${match.info.kind} objects as items directly`, document, [...prefix, 'kind'], g.file.locate(document, [...prefix, 'kind'])));
    return;
  }
  // A List is checked as an envelope, then item by item as objects of their own.
  const envelope = { ...record, items: Array.isArray(record.items) ? [] : record.items };
  const listType = catalog.typeSchema(match.info.entry.list?.type ?? '');
  for (const finding of validateStructure(listType, envelope)) placeFinding(g, document, finding);
  if (Array.isArray(record.items)) {
    record.items.forEach((item, i) => {
      if (item && typeof item === 'object' && !Array.isArray(item)) {
        g.objects.push({ file: g.file.path, document, prefix: ['items', i], kind: match.info, value: item as Record<string, unknown> });
      } else if (item !== null && item !== undefined) {
        placeFinding(g, document, { ruleId: 'schema/type', path: ['items', i], target: 'value', message: `must be a mapping (an object of kind ${match.info.kind}), not ${describeValue(item)}` });
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
function reportNotManifest(p: Pick<Placed, 'file' | 'out'>, docs: readonly SourceDocument[]): void {
  const first = docs[0] as SourceDocument;
  const n = docs.length;
  const subject = n === p.file.documents.length ? (n === 1 ? 'the file' : `all ${n} documents of the file`) : n === 1 ? `document ${first.index + 1}` : `${n} documents (the first is document ${first.index + 1})`;
  const message = `${subject}: no apiVersion and no kind, so not a platform manifest; skipped`;
  p.out.push(diagnostic(p, 'document/not-manifest', 'info', message, first.index, [], p.file.locateParentKey(first.index, [''])));
}

/**
 * Why the configuration's release and feature gates do not serve a kind, if they do not: the
 * release is older than the kind or has removed it, or the kind's gate is disabled (errors);
 * or the gate is off by default and the configuration does not say (a warning, as for a gated
 * field: the cluster may enable it).
 */
function notServed(kind: KindInfo, config: Config, catalog: Catalog): { severity: Severity; message: string } | undefined {
  const { release } = config;
  const { introducedIn, removedIn } = kind.entry;
  const what = `${kind.kind} (${kind.apiVersion})`;
  if (introducedIn && !releaseAtLeast(release, introducedIn)) return { severity: 'error', message: `${what} is served from release ${introducedIn}; the configured release ${release} does not serve it` };
  if (removedIn && releaseAtLeast(release, removedIn)) {
    const deprecated = kind.entry.deprecatedIn ? ` (deprecated from ${kind.entry.deprecatedIn})` : '';
    return { severity: 'error', message: `${what} was removed in release ${removedIn}${deprecated}; the configured release ${release} does not serve it` };
  }
  const gates = platlintInfo(catalog.schema(kind)).featureGates ?? [];
  const disabled = gates.filter((g) => config.featureGates[g] === false);
  if (disabled.length) return { severity: 'error', message: `${what} is served only with feature gate ${disabled.join(', ')}, which the configuration disables` };
  const offByDefault = gates.filter((g) => config.featureGates[g] === undefined && gateDefault(g, release) === false);
  if (offByDefault.length) return { severity: 'warning', message: `${what} is served only with feature gate ${offByDefault.join(', ')} (off by default at release ${release}); set it in platlint.config.yaml featureGates to say what the cluster runs` };
  return undefined;
}

/** Places the structural findings of an object; false when the object could not be decoded. */
function checkStructure(p: Placed, object: LintObject, catalog: Catalog): boolean {
  const schema = catalog.schema(object.kind);
  // List items may leave apiVersion and kind out; the list says what they are.
  const value = object.prefix.length ? { apiVersion: object.kind.apiVersion, kind: object.kind.kind, ...object.value } : object.value;
  const custom = catalog.customVersion(object.kind);
  const { findings, decoded } =
    object.kind.scope === 'config'
      ? decodeConfig(schema, value, p.file.diagnostics.some((d) => d.document === object.document && d.ruleId === 'yaml/duplicate-key'))
      : { findings: custom ? validateCustomResource(custom, value).findings : validateStructure(schema, value).flatMap((f) => (isMissingSpec(f) ? missingAsTheServerSaysIt(f, schema) : [f])), decoded: true };
  for (const finding of findings) {
    const dropped = statusDropped(object.kind, schema, value, finding);
    placeFinding(
      p,
      object.document,
      { ...finding, path: [...object.prefix, ...finding.path], ...(dropped ? { message: `${finding.message} (status is dropped when the object is created or updated; only writes to the status subresource check it)` } : {}) },
      dropped ? 'warning' : 'error',
    );
  }
  return decoded;
}

/**
 * A missing top-level spec of a kind that requires one. Every kind's spec is a Go struct held
 * by value, so the server reads a missing one as an empty one and names the required fields
 * inside it (ValidateMutatingAdmissionPolicy: spec.matchConstraints, spec.mutations, ...).
 */
function isMissingSpec(finding: StructuralFinding): boolean {
  return finding.ruleId === 'schema/required' && finding.path.length === 1 && finding.path[0] === 'spec';
}

/** Value checks the server makes only when it validates a value, not when it decodes it. */
const VALUE_CHECKS: ReadonlySet<string> = new Set(['schema/enum', 'schema/format', 'schema/length', 'schema/range', 'schema/required']);

/**
 * True for a value check under the top-level `status` of a kind with a status subresource: the
 * server resets status on create and keeps the stored one on update, so such a value is
 * accepted (and dropped); only a status write would refuse it. What cannot be decoded (a wrong
 * type, an integer beyond its width, an unknown field under strict validation) still fails.
 */
function statusDropped(kind: KindInfo, schema: SchemaNode, root: Record<string, unknown>, finding: ReturnType<typeof validateStructure>[number]): boolean {
  if (finding.path[0] !== 'status' || !kind.subresources.includes('status') || !VALUE_CHECKS.has(finding.ruleId)) return false;
  if (finding.ruleId !== 'schema/range') return true;
  const width = intRangeOf(schemaAt(schema, finding.path));
  const actual = valueAt(root, finding.path);
  return !width || typeof actual !== 'number' || (actual >= width[0] && actual <= width[1]);
}

function placeFinding(p: Pick<Placed, 'file' | 'out'>, document: number, finding: ReturnType<typeof validateStructure>[number], severity: Severity = 'error'): void {
  const span = finding.target === 'parent-key' ? p.file.locateParentKey(document, finding.path) : p.file.locate(document, finding.path, finding.target);
  const d = diagnostic(p, finding.ruleId, severity, finding.message, document, finding.path, span);
  if (finding.replacement !== undefined && span.exact) d.fix = { range: d.range, text: finding.replacement };
  p.out.push(d);
}

/** Objects are the same object across versions when kind, namespace and name agree. */
function identity(object: LintObject): string {
  const metadata = (object.value.metadata ?? {}) as { name?: unknown; namespace?: unknown };
  return `${object.kind.groupKind}/${String(metadata.namespace ?? '')}/${String(metadata.name ?? '')}`;
}

/**
 * The stored object each linted object would replace. Kind, namespace and name decide; and
 * since a rename is an update too, an object that matches none is paired with the only stored
 * object of its kind when it is also the only unmatched object of that kind in the run (so a
 * changed `metadata.name` is caught, and two new objects never both claim one old one).
 */
function pairWithOld(objects: readonly LintObject[], oldObjects: readonly LintObject[]): Map<LintObject, LintObject> {
  const pairs = new Map<LintObject, LintObject>();
  if (oldObjects.length === 0) return pairs;
  const byIdentity = new Map(oldObjects.map((o) => [identity(o), o]));
  const taken = new Set<LintObject>();
  const unmatched = new Map<string, LintObject[]>();
  for (const object of objects) {
    const old = byIdentity.get(identity(object));
    if (!old) {
      addTo(unmatched, object);
      continue;
    }
    pairs.set(object, old);
    taken.add(old);
  }
  const storedOf = new Map<string, LintObject[]>();
  for (const o of oldObjects) addTo(storedOf, o);
  for (const [groupKind, candidates] of unmatched) {
    const stored = storedOf.get(groupKind) ?? [];
    const [only] = stored;
    if (stored.length === 1 && candidates.length === 1 && only && !taken.has(only)) pairs.set(candidates[0] as LintObject, only);
  }
  return pairs;
}

/** Adds an object to the list of its kind (Node 20 has no Map.groupBy). */
function addTo(byKind: Map<string, LintObject[]>, object: LintObject): void {
  const list = byKind.get(object.kind.groupKind);
  if (list) list.push(object);
  else byKind.set(object.kind.groupKind, [object]);
}

function runRule(rule: Rule, p: Placed, object: LintObject, settings: LintSettings, index: ObjectLookup, old: LintObject | undefined, catalog: Catalog): void {
  const schema = catalog.schema(object.kind);
  const report = (report: ReportDescriptor): void => {
    const path = [...object.prefix, ...report.path];
    const span = report.span ? { ...report.span, exact: true } : locateReport(p.file, object.document, path, report.target ?? 'value');
    const d = diagnostic(p, rule.meta.id, report.severity ?? rule.meta.severity, reportText(rule.meta, report), object.document, path, span);
    noteMessageRef(d, report);
    const removal = report.fix?.removeItem ? p.file.removalSpan(object.document, [...object.prefix, ...(report.fix.path ?? report.path)]) : undefined;
    if (removal) d.fix = { range: p.file.lines.range(removal.start, removal.end), text: '' };
    else if (report.fix && !report.fix.removeItem) {
      d.fix = report.fix.span
        ? { range: p.file.lines.range(report.fix.span.start, report.fix.span.end), text: report.fix.text }
        : placeFix(p, object, report.fix.path ?? report.path, report.fix.target ?? 'value', report.fix.text);
    }
    p.ruleOut.push(d);
  };
  const context: RuleContext = {
    object,
    value: object.value,
    kind: object.kind,
    schema,
    settings,
    index,
    old,
    report,
    reportMissing: (path, message, options = {}) => report({ ...options, path, ...(typeof message === 'string' ? { message } : message), target: 'missing' }),
    effective: effectiveOf(object, schema),
    scalarSource: (path: FieldPath) => p.file.scalarSource(object.document, [...object.prefix, ...path]),
  };
  try {
    rule.check(context);
  } catch (error) {
    // A broken rule must not take the run down; it is reported where it failed.
    p.ruleOut.push(diagnostic(p, rule.meta.id, 'error', `rule ${rule.meta.id} crashed: ${error instanceof Error ? error.message : String(error)}`, object.document, object.prefix, p.file.locate(object.document, object.prefix)));
  }
}

/**
 * A field's value, or the schema's default where it is not written. An empty optional string is
 * not written either, to Go: the defaults replace it as they replace an absent field.
 */
function effectiveOf(object: LintObject, schema: SchemaNode): RuleContext['effective'] {
  return (path: FieldPath) => {
    const value = valueAt(object.value, path);
    if (value !== undefined && value !== '') return value;
    const node = schemaAt(schema, path);
    if (value === '' && (!node?.['x-platlint']?.emptyIsUnset || node.default === undefined)) return value;
    return node?.default;
  };
}

/**
 * A finding about a field that is not written goes on the nearest key that is, as
 * `schema/required` does: for `missing`, and for a `key` target whose field is absent.
 */
function locateReport(file: SourceFile, document: number, path: FieldPath, target: ReportTarget): Span {
  if (target === 'value') return file.locate(document, path, target);
  const span = file.locate(document, path, 'key');
  return span.exact ? span : file.locateParentKey(document, path);
}

function placeFix(p: Placed, object: LintObject, path: FieldPath, target: 'key' | 'value', text: string): Fix {
  const span = p.file.locate(object.document, [...object.prefix, ...path], target);
  // A string keeps its type and the file stays YAML: the text is quoted where it must be.
  const current = target === 'key' ? path.at(-1) : valueAt(object.value, path);
  return { range: p.file.lines.range(span.start, span.end), text: stringScalarText(p.file.text.slice(span.start, span.end), current, text) };
}

function diagnostic(p: Pick<Placed, 'file'>, ruleId: string, severity: Severity, message: string, document: number, path: FieldPath, span: Span): Diagnostic {
  return { ruleId, severity, message, document, path: formatPath(path), range: p.file.lines.range(span.start, span.end) };
}

/** Applies the configured severities and the inline suppressions, then sorts. */
function finish(p: Placed, inlineSuppressions: boolean): FileResult {
  const configured: Diagnostic[] = [];
  for (const d of p.ruleOut) {
    const setting = p.config.rules[d.ruleId];
    if (setting === 'off') continue;
    configured.push(setting ? { ...d, severity: setting } : d);
  }
  const reportUnused = p.config.rules['suppression/unused'] !== 'off';
  const kept = (inlineSuppressions ? applySuppressions(p.file, configured, reportUnused) : configured).map((d) => {
    const setting = d.ruleId === 'suppression/unused' ? p.config.rules[d.ruleId] : undefined;
    return setting && setting !== 'off' ? { ...d, severity: setting } : d;
  });
  kept.sort(compareDiagnostics);
  return { path: p.file.path, documents: p.file.documents.length, diagnostics: kept };
}

export type { KindInfo };
