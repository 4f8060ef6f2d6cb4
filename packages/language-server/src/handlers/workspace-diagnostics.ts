import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { DocumentDiagnosticReportKind } from 'vscode-languageserver/node';
import type { Diagnostic as LspDiagnostic, WorkspaceDocumentDiagnosticReport } from 'vscode-languageserver/node';
import { listManifestFiles, readBoundedFileSync } from '@platlint/core';
// At most as many files as cross-document rules read.
import { MAX_WORKSPACE_FILES } from '../workspace-definitions.js';
import type { ServerContext } from './context.js';
import type { OutcomeReporter } from './diagnostics.js';

/** Reports go out in batches of this many files as partial results, so a large workspace fills in as it is linted. */
const BATCH = 50;

interface FileReport {
  resultId: string;
  items: LspDiagnostic[];
  /** The workspace generation it was linted in; older reports are linted again when asked. */
  generation: number;
}

/** Equal findings, equal id: a file linted again with the same findings is reported `unchanged`. */
function resultIdOf(items: readonly LspDiagnostic[]): string {
  return createHash('sha1').update(JSON.stringify(items)).digest('base64url');
}

/**
 * `workspace/diagnostic` (LSP 3.17 pull diagnostics): the findings of the workspace's YAML files
 * that are not open (open ones are the document handler's), as `platlint lint` gives them from
 * disk. Reports are kept per file and answered `unchanged` while the client holds the same
 * result; settings, configuration files or any workspace file changing on disk make every file
 * be linted again, since cross-document rules tie files together.
 */
export function registerWorkspaceDiagnostics(ctx: ServerContext, reporter: OutcomeReporter): void {
  const reports = new Map<string, FileReport>();
  let generation = 0;
  let files: string[] | undefined;
  ctx.onConfigurationChanged(() => generation++);
  ctx.onFilesChanged(() => {
    generation++;
    files = undefined;
  });

  async function reportOf(path: string, uri: string): Promise<FileReport | undefined> {
    const cached = reports.get(uri);
    if (cached?.generation === generation) return cached;
    const linting = generation;
    let text: string;
    try {
      text = readBoundedFileSync(path).toString('utf8');
    } catch {
      // Gone since the listing, not a regular file, or over the limit: the file's report is dropped (an empty one is sent).
      reports.delete(uri);
      return undefined;
    }
    const answer = await ctx.pool?.lintFromDisk(path, text);
    if (answer?.type !== 'done') return undefined;
    const items = reporter.diagnosticsOf(answer.outcome);
    const report = { resultId: resultIdOf(items), items, generation: linting };
    reports.set(uri, report);
    return report;
  }

  ctx.connection.languages.diagnostics.onWorkspace(async (params, token, _workDone, resultProgress) => {
    const previous = new Map(params.previousResultIds.map((p) => [p.uri, p.value]));
    const open = new Set(ctx.documents.all().map((d) => d.uri));
    const out: WorkspaceDocumentDiagnosticReport[] = [];
    const flush = (): void => {
      if (resultProgress && out.length) resultProgress.report({ items: out.splice(0) });
    };
    const seen = new Set<string>();
    files ??= listManifestFiles(ctx.roots, MAX_WORKSPACE_FILES);
    for (const path of ctx.enabled ? files : []) {
      if (token.isCancellationRequested) break;
      const uri = pathToFileURL(path).href;
      if (open.has(uri)) continue;
      const report = await reportOf(path, uri);
      if (!report) continue;
      seen.add(uri);
      if (previous.get(uri) === report.resultId)
        out.push({ kind: DocumentDiagnosticReportKind.Unchanged, uri, version: null, resultId: report.resultId });
      else
        out.push({ kind: DocumentDiagnosticReportKind.Full, uri, version: null, resultId: report.resultId, items: report.items });
      if (out.length >= BATCH) flush();
    }
    // Files the client has findings for that are gone (deleted, ignored, or platlint turned off): cleared.
    if (!token.isCancellationRequested) {
      for (const uri of previous.keys()) {
        if (!seen.has(uri) && !open.has(uri) && uri.startsWith('file:'))
          out.push({ kind: DocumentDiagnosticReportKind.Full, uri, version: null, items: [] });
      }
    }
    flush();
    return { items: out };
  });
}
