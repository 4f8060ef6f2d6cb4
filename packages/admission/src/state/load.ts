// Loading the state from files and directories (or from objects a test case or the cluster
// holds), as the API server would store it: an object is left out only when a check the
// server enforces refuses it (an error of a rule with `enforcedBy: 'server'`, or of the
// engine's structural checks). Advice (warnings, errors of advisory rules such as the CEL
// check against the schema) never drops an object; it is returned as the state's warnings.
// Files are found and linted by core's lint run; objects are linted as the values they are.
import {
  catalog,
  defaultConfig,
  FileNotFoundError,
  formatPath,
  findManifestFilesSync,
  objectsOf,
  orderIndex,
  readSource,
  SourceFile,
  UnreadableDirectoryError,
  validateStructure,
  type Diagnostic,
  type FieldPath,
  type LintEngine,
  type LintedFile,
  type SkippedLink,
} from '@platlint/core';
import { adviceRulesFor, createLintEngine, enforcedByServer, serverEnforcedRules } from '@platlint/rules';
import { isObject, metadataString, type JsonObject } from '../json.js';
import { ADMISSION_GROUP, BINDING_KIND, POLICY_KIND } from './policy-types.js';
import { createState, type LoadProblem, type State } from './state.js';

export type { SkippedLink };

/**
 * The manifest files under the state's paths, found as `platlint lint` finds them (core's
 * finder, with its guard against directory links that loop). A path that does not exist is
 * kept: it is reported as an unreadable file with the state's other problems.
 */
export function manifestFiles(paths: readonly string[], onSkipped?: (skipped: SkippedLink) => void): string[] {
  return paths.flatMap((path) => {
    try {
      return findManifestFilesSync([path], process.cwd(), { onSkippedLink: onSkipped });
    } catch (error) {
      if (error instanceof FileNotFoundError && !(error instanceof UnreadableDirectoryError)) return [path];
      throw error;
    }
  });
}

/** Loads policies, bindings, params, namespaces and CRDs from files and directories; `onSkipped` hears of each directory link not followed. */
export function loadState(paths: readonly string[], onSkipped?: (skipped: SkippedLink) => void): State {
  return stateFromSources(manifestFiles(paths, onSkipped).map((p) => readSource(p)));
}

/**
 * A state from objects held in memory (a test case's inline policies, objects read from the
 * cluster). Each is linted as the value it is, with no YAML text in between, so a string
 * such as "yes" or "0b101" and a key such as `y` stay what they are; findings name the
 * field path in the object.
 */
export function stateFromObjects(objects: readonly unknown[], origin = '<inline>'): State {
  return stateOf(
    objects.map((o, i) => SourceFile.fromValue(objects.length === 1 ? origin : `${origin} #${i + 1}`, o)),
    true,
  );
}

/** A state from files read (their bytes decoded by core). */
export function stateFromSources(files: readonly SourceFile[]): State {
  return stateOf(files, false);
}

interface Candidate {
  file: SourceFile;
  document: number;
  prefix: FieldPath;
  value: JsonObject;
}

// What the loader lints with: the server's checks, and the advice written for policies and
// bindings (reported, never refusing). The state's other kinds need only the server's checks.
const LOAD_RULES = [
  ...serverEnforcedRules(),
  ...adviceRulesFor([`${POLICY_KIND}.${ADMISSION_GROUP}`, `${BINDING_KIND}.${ADMISSION_GROUP}`]),
];

let engine: LintEngine | undefined;

// The server's view: the default configuration, whatever configuration file lies near the state.
function loadEngine(): LintEngine {
  engine ??= createLintEngine({ cwd: process.cwd(), rules: LOAD_RULES, config: defaultConfig(process.cwd()) });
  return engine;
}

/** A finding the API server would refuse the object for. */
function refuses(d: Diagnostic): boolean {
  return d.severity === 'error' && enforcedByServer(d.ruleId);
}

/**
 * Lints the sources as one run: every object is in the index the cross-document rules read.
 * Sources made from values (`fromValues`) are linted as values: nothing in them switches a rule off.
 */
function lintAll(files: readonly SourceFile[], fromValues: boolean): LintedFile[] {
  const run = loadEngine();
  const index = orderIndex(files.flatMap((f) => run.crossDocumentRole(f).entries));
  return files.map((f) => run.lintSource(f, index, { inlineSuppressions: !fromValues }));
}

/**
 * The state of linted sources. A finding in a file is placed by line and column; one in a
 * value held in memory by its field path alone (the text a value is linted in is ours, not
 * the user's, and its lines would point nowhere).
 */
function stateOf(files: readonly SourceFile[], fromValues: boolean): State {
  const results = lintAll(files, fromValues);
  const problemAt = (
    file: SourceFile,
    ruleId: string,
    message: string,
    path: string,
    start: { line: number; column: number },
    object?: string,
  ): LoadProblem => {
    const where = fromValues ? {} : { line: start.line, column: start.column };
    return { file: file.path, ...where, path, ...(object ? { object } : {}), ruleId, message };
  };
  const problems: LoadProblem[] = [];
  const warnings: LoadProblem[] = [];
  const accepted: JsonObject[] = [];
  files.forEach((file, i) => {
    const findings = (results[i]?.diagnostics ?? []).filter((d) => d.severity !== 'info');
    const at = (d: Diagnostic, object?: string): LoadProblem =>
      problemAt(file, d.ruleId, d.message, d.path, d.range.start, object);
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
        const path = [...candidate.prefix, ...x.path];
        const span = file.locate(candidate.document, path);
        problems.push(problemAt(file, x.ruleId, x.message, formatPath(path), file.lines.range(span.start, span.end).start, name));
      }
    }
    // Findings not tied to an object (syntax errors, unreadable files) refuse the file's part too.
    for (const d of findings.filter(
      (e) =>
        refuses(e) &&
        (!file.documents[e.document] ||
          file.documents[e.document]?.broken ||
          e.ruleId.startsWith('file/') ||
          e.ruleId.startsWith('document/')),
    )) {
      if (problems.some((p) => p.file === file.path && p.path === d.path && p.message === d.message)) continue;
      problems.push(at(d));
    }
  });
  return createState(accepted, problems, warnings);
}

// The objects of a file, as core splits documents (List items one by one), that name their
// apiVersion and kind.
function candidates(file: SourceFile): Candidate[] {
  const out: Candidate[] = [];
  for (const doc of file.documents) {
    if (doc.broken || !isObject(doc.value)) continue;
    for (const held of objectsOf(doc.value, catalog)) {
      if (typeof held.value.apiVersion !== 'string' || typeof held.value.kind !== 'string') continue;
      out.push({ file, document: doc.index, prefix: held.prefix, value: held.value as JsonObject });
    }
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
// kinds still get their structure checked. CRDs are linted: the `crd/*` rules say what the
// server refuses of them.
function extraChecks(candidate: Candidate): ExtraFinding[] {
  const value = candidate.value;
  const match = catalog.lookup(String(value.apiVersion), String(value.kind));
  if (!match || match.info.lintable) return [];
  return validateStructure(catalog.schema(match.info), value).map((f) => ({
    ruleId: f.ruleId,
    message: f.message,
    path: f.path,
  }));
}
