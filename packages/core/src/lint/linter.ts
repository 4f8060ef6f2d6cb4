import type { Config } from '../config/config.js';
import type { Diagnostic } from '../diagnostics.js';
import type { Catalog } from '../kinds/catalog.js';
import { catalog as defaultCatalog } from '../kinds/catalog.js';
import type { LintObject, Rule } from '../rules/rule.js';
import type { SourceFile } from '../source/source-file.js';
import { checkStructure } from './check-structure.js';
import type { DeferredCheck } from './deferral.js';
import { asValidated } from './drop-gated.js';
import { finishFile } from './finish-file.js';
import { applyRole, holdsWholeObjects, type FileRole } from './file-roles.js';
import { readingFindingsOfManifests } from './manifest.js';
import { pairWithOld } from './pair-old.js';
import type { FileFindings } from './place-reports.js';
import { recogniseObjects } from './recognise-documents.js';
import { RunIndex } from './run-index.js';
import { runRules } from './run-rules.js';
import { servedOrReported } from './serve-release.js';

export interface FileResult {
  path: string;
  /** YAML documents in the file. */
  documents: number;
  diagnostics: Diagnostic[];
  /** The checks of `deferRules` this file's objects wait for (deferral.ts). */
  deferred?: DeferredCheck[];
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
  /** Rules not run now: the objects they would check are returned in `deferred` (deferral.ts). */
  deferRules?: ReadonlySet<Rule>;
  /**
   * Give the rules' findings alone: the file's other findings are known already. Structure
   * is then checked only where it decides whether rules run (configuration files).
   */
  rulesOnly?: boolean;
  /** What a file is to kustomize or Helm when it is no manifest as it stands (file-roles.ts). */
  roleOf?: (file: SourceFile) => FileRole | undefined;
}

interface LintedSoFar extends FileFindings {
  deferred?: DeferredCheck[];
  /** A kustomize patch is checked as part of an object; a Helm template is not read. */
  role?: FileRole | undefined;
}

/**
 * Lints parsed sources together, so that rules can see every object of the run (a binding
 * and its policy may sit in different files). Each stage is a module of its own; the files
 * were read before (read-source.ts, values first).
 */
export function lintSources(run: LintRun): FileResult[] {
  const catalog = run.catalog ?? defaultCatalog;
  const files: LintedSoFar[] = run.files.map((file) => {
    const out = run.rulesOnly ? [] : readingFindingsOfManifests(file);
    return { file, config: run.configFor(file), out, ruleOut: run.rulesOnly ? [] : out, role: run.roleOf?.(file) };
  });
  // 1. Which objects each file holds (recognise-documents.ts).
  const objects = files.flatMap((p) =>
    p.role?.tool === 'helm' ? [] : recogniseObjects(p, catalog, run.cwd).map((object) => ({ object, p })),
  );
  // 2. What rules see of the run (run-index.ts), a patch's partial objects left out, and of the stored versions (pair-old.ts).
  const index = (run.index ?? new RunIndex([])).seenFrom(
    new Set(run.files.map((f) => f.path)),
    objects.filter((o) => holdsWholeObjects(o.p.role)).map((o) => o.object),
  );
  const previousOf = pairWithOld(
    objects.map((o) => o.object),
    run.oldObjects ?? [],
  );
  for (const { object: written, p } of objects) {
    // 3. Served by the configured release and gates (serve-release.ts)?
    if (!servedOrReported(p, written, catalog)) continue;
    // 4. What the server validates: the fields of disabled gates dropped (drop-gated.ts).
    const settings = { featureGates: p.config.featureGates, release: p.config.release };
    const old = previousOf.get(written);
    const object = asValidated(written, catalog, settings, old);
    // 5. Structure (check-structure.ts); the server stops reading a configuration file at a decode failure: no rule runs then.
    if (!(run.rulesOnly && object.kind.scope !== 'config') && !checkStructure(p, object, catalog)) continue;
    // Rules judge whole objects: a kustomize patch is part of one (kustomize-patches.ts).
    if (!holdsWholeObjects(p.role)) continue;
    // 6. The rules (run-rules.ts), cross-document ones left for later when asked (deferral.ts).
    const deferred = runRules(p, object, { rules: run.rules, settings, index, old, catalog, defer: run.deferRules });
    if (deferred.length) (p.deferred ??= []).push(...deferred);
  }
  // 7. What kustomize and Helm files keep; then configured severities, inline suppressions, order (finish-file.ts).
  for (const p of files) if (p.role !== undefined && !run.rulesOnly) applyRole(p, p.role);
  return files.map((p) => {
    const result = finishFile(p, run.inlineSuppressions !== false);
    return p.deferred ? { ...result, deferred: p.deferred } : result;
  });
}
