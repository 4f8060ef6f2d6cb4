// Loading the state from files and directories (or from objects a test case holds inline),
// as the API server would store it: an object is left out only when a check the server
// enforces refuses it (an error of a rule with `enforcedBy: 'server'`, or of the engine's
// structural checks). Advice (warnings, errors of advisory rules such as the CEL check
// against the schema) never drops an object; it is returned as the state's warnings.
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { catalog, defaultConfig, lintFiles, SourceFile, validateStructure, type Diagnostic, type FieldPath } from '@platlint/core';
import { adviceRulesFor, enforcedByServer, serverEnforcedRules } from '@platlint/rules';
import { stringify } from 'yaml';
import { isObject, metadataString, type JsonObject } from '../json.js';
import { ADMISSION_GROUP, BINDING_KIND, CRD_GROUP, CRD_KIND, POLICY_KIND } from './policy-types.js';
import { createState, isKind, type LoadProblem, type State } from './state.js';

const MANIFEST = /\.(ya?ml|json)$/i;

/** A directory link that was not followed, and the directory it leads to. */
export interface SkippedLink {
  link: string;
  target: string;
}

/**
 * The manifest files under the given paths (directories recursively, sorted by name).
 * A directory link that leads back to the directory holding it or to one of its ancestors
 * (`self -> .`, `up -> ..`) is not followed: it would repeat the walk for ever and reach
 * outside the state. Each one skipped is passed to `onSkipped`.
 */
export function manifestFiles(paths: readonly string[], onSkipped?: (skipped: SkippedLink) => void): string[] {
  const out: string[] = [];
  const visit = (path: string, explicit: boolean, ancestors: readonly string[]) => {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      // Reported by the reader as an unreadable file.
      out.push(path);
      return;
    }
    if (stats.isDirectory()) {
      const real = realpathSync(path);
      if (ancestors.some((a) => a === real || a.startsWith(`${real}${sep}`) || real === sep)) {
        onSkipped?.({ link: path, target: real });
        return;
      }
      for (const name of readdirSync(path).sort()) {
        if (name.startsWith('.')) continue;
        visit(join(path, name), false, [...ancestors, real]);
      }
    } else if (explicit || MANIFEST.test(path)) {
      out.push(path);
    }
  };
  for (const p of paths) visit(p, true, []);
  return out;
}

function readSource(path: string): SourceFile {
  try {
    return SourceFile.fromBytes(path, readFileSync(path));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    return SourceFile.fromText(path, '', { unreadable: `cannot read file: ${reason}` });
  }
}

/** Loads policies, bindings, params, namespaces and CRDs from files and directories. */
export function loadState(paths: readonly string[]): State {
  return stateFromSources(manifestFiles(paths).map(readSource));
}

/**
 * A state from objects held in memory (a test case's inline policies). They are written
 * out as one YAML stream so they are linted exactly like files; findings point into it.
 */
export function stateFromObjects(objects: readonly unknown[], origin = '<inline>'): State {
  const text = objects.map((o) => stringify(o)).join('---\n');
  return stateFromSources([SourceFile.fromText(origin, text)]);
}

interface Candidate {
  file: SourceFile;
  document: number;
  prefix: FieldPath;
  value: JsonObject;
}

// What the loader lints with: the server's checks, and the advice written for policies and
// bindings (reported, never refusing). The state's other kinds need only the server's checks.
const LOAD_RULES = [...serverEnforcedRules(), ...adviceRulesFor([`${POLICY_KIND}.${ADMISSION_GROUP}`, `${BINDING_KIND}.${ADMISSION_GROUP}`])];

/** A finding the API server would refuse the object for. */
function refuses(d: Diagnostic): boolean {
  return d.severity === 'error' && enforcedByServer(d.ruleId);
}

export function stateFromSources(files: readonly SourceFile[]): State {
  const results = lintFiles({ files, rules: LOAD_RULES, configFor: () => defaultConfig(process.cwd()) });
  const problems: LoadProblem[] = [];
  const warnings: LoadProblem[] = [];
  const accepted: JsonObject[] = [];
  files.forEach((file, i) => {
    const findings = (results[i]?.diagnostics ?? []).filter((d) => d.severity !== 'info');
    const at = (d: Diagnostic, object?: string): LoadProblem => ({ file: file.path, line: d.range.start.line, column: d.range.start.column, ...(object ? { object } : {}), ruleId: d.ruleId, message: d.message });
    for (const candidate of candidates(file)) {
      const own = findings.filter((d) => d.document === candidate.document && belongsTo(d, candidate.prefix));
      const refusals = own.filter(refuses);
      const extra = extraChecks(candidate);
      const name = `${String(candidate.value.kind)}/${metadataString(candidate.value, 'name')}`;
      if (refusals.length === 0 && extra.length === 0) {
        accepted.push(candidate.value);
        for (const d of own) warnings.push(at(d, name));
        continue;
      }
      for (const d of refusals) problems.push(at(d, name));
      for (const x of extra) {
        const span = file.locate(candidate.document, [...candidate.prefix, ...x.path]);
        const start = file.lines.range(span.start, span.end).start;
        problems.push({ file: file.path, line: start.line, column: start.column, object: name, ruleId: x.ruleId, message: x.message });
      }
    }
    // Findings not tied to an object (syntax errors, unreadable files) refuse the file's part too.
    for (const d of findings.filter((e) => refuses(e) && (!file.documents[e.document] || file.documents[e.document]?.broken || e.ruleId.startsWith('file/') || e.ruleId.startsWith('document/')))) {
      if (problems.some((p) => p.file === file.path && p.line === d.range.start.line && p.message === d.message)) continue;
      problems.push(at(d));
    }
  });
  return createState(accepted, problems, warnings);
}

// The objects of a file: each mapping document, or each item of a `...List`.
function candidates(file: SourceFile): Candidate[] {
  const out: Candidate[] = [];
  for (const doc of file.documents) {
    if (doc.broken || !isObject(doc.value)) continue;
    const value = doc.value;
    const { apiVersion, kind } = value;
    if (typeof apiVersion !== 'string' || typeof kind !== 'string') continue;
    if (kind.endsWith('List') && Array.isArray(value.items)) {
      value.items.forEach((item, i) => {
        if (isObject(item)) out.push({ file, document: doc.index, prefix: ['items', i], value: { apiVersion, kind: kind.slice(0, -4), ...item } });
      });
      continue;
    }
    out.push({ file, document: doc.index, prefix: [], value });
  }
  return out;
}

function belongsTo(d: Diagnostic, prefix: FieldPath): boolean {
  if (prefix.length === 0) return true;
  const head = `items[${String(prefix[1])}]`;
  return d.path === head || d.path.startsWith(`${head}.`) || d.path.startsWith(`${head}[`) || d.path === '';
}

interface ExtraFinding {
  ruleId: string;
  message: string;
  path: FieldPath;
}

// The linter only checks the kinds it lints; params and namespaces of the other catalog
// kinds still get their structure checked, and CRDs the few fields the engine reads.
function extraChecks(candidate: Candidate): ExtraFinding[] {
  const value = candidate.value;
  if (isKind(value, CRD_GROUP, CRD_KIND)) return crdChecks(value);
  const match = catalog.lookup(String(value.apiVersion), String(value.kind));
  if (!match || match.info.lintable) return [];
  return validateStructure(catalog.schema(match.info), value).map((f) => ({ ruleId: f.ruleId, message: f.message, path: f.path }));
}

function crdChecks(crd: JsonObject): ExtraFinding[] {
  const out: ExtraFinding[] = [];
  const spec = isObject(crd.spec) ? crd.spec : undefined;
  if (!spec) return [{ ruleId: 'crd/spec', message: 'a CustomResourceDefinition needs a spec', path: [] }];
  if (typeof spec.group !== 'string' || spec.group === '') out.push({ ruleId: 'crd/spec', message: 'spec.group must name the API group', path: ['spec'] });
  if (!isObject(spec.names) || typeof spec.names.kind !== 'string') out.push({ ruleId: 'crd/spec', message: 'spec.names.kind must name the kind', path: ['spec'] });
  if (!Array.isArray(spec.versions) || spec.versions.length === 0) out.push({ ruleId: 'crd/spec', message: 'spec.versions must list at least one version', path: ['spec'] });
  return out;
}
