// Loading the state from files and directories (or from objects a test case holds inline):
// every object goes through the linter, and an object with an error-severity finding is
// reported and left out while the rest keep working.
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { catalog, defaultConfig, lintFiles, SourceFile, validateStructure, type Diagnostic, type FieldPath } from '@platlint/core';
import { rules } from '@platlint/rules';
import { stringify } from 'yaml';
import { isObject, metadataString, type JsonObject } from '../json.js';
import { CRD_GROUP, CRD_KIND } from './policy-types.js';
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

export function stateFromSources(files: readonly SourceFile[]): State {
  const results = lintFiles({ files, rules, configFor: () => defaultConfig(process.cwd()) });
  const problems: LoadProblem[] = [];
  const accepted: JsonObject[] = [];
  files.forEach((file, i) => {
    const errors = (results[i]?.diagnostics ?? []).filter((d) => d.severity === 'error');
    for (const candidate of candidates(file)) {
      const own = errors.filter((d) => d.document === candidate.document && belongsTo(d, candidate.prefix));
      const extra = extraChecks(candidate);
      if (own.length === 0 && extra.length === 0) {
        accepted.push(candidate.value);
        continue;
      }
      const name = `${String(candidate.value.kind)}/${metadataString(candidate.value, 'name')}`;
      for (const d of own) problems.push({ file: file.path, line: d.range.start.line, column: d.range.start.column, object: name, ruleId: d.ruleId, message: d.message });
      for (const x of extra) {
        const span = file.locate(candidate.document, [...candidate.prefix, ...x.path]);
        const at = file.lines.range(span.start, span.end).start;
        problems.push({ file: file.path, line: at.line, column: at.column, object: name, ruleId: x.ruleId, message: x.message });
      }
    }
    // Findings not tied to an object (syntax errors, unreadable files) are reported too.
    for (const d of errors.filter((e) => !file.documents[e.document] || file.documents[e.document]?.broken || e.ruleId.startsWith('file/') || e.ruleId.startsWith('document/'))) {
      if (problems.some((p) => p.file === file.path && p.line === d.range.start.line && p.message === d.message)) continue;
      problems.push({ file: file.path, line: d.range.start.line, column: d.range.start.column, ruleId: d.ruleId, message: d.message });
    }
  });
  return createState(accepted, problems);
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
