// The CLI's findings in the form the language server reports them, to compare the two doors.
// Needs the CLI bundle: `npm run build`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const SERVER = join(ROOT, 'packages/language-server/dist/server.mjs');
const CLI = join(ROOT, 'packages/cli/dist/platlint.mjs');
for (const bundle of [SERVER, CLI]) {
  if (!existsSync(bundle)) throw new Error(`${bundle} does not exist: build first (\`npm run build\`).`);
}

interface CliDiagnostic {
  ruleId: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  range: { start: { line: number; column: number }; end: { line: number; column: number } };
}

/** The CLI's findings for files of the workspace (relative path → findings), as the server gives them. */
export function cliDiagnostics(dir: string, files: readonly string[]): Map<string, Partial<Diagnostic>[]> {
  const result = spawnSync(process.execPath, [CLI, 'lint', '--format', 'json', ...files], { cwd: dir, encoding: 'utf8' });
  if (result.status === 2) throw new Error(result.stderr);
  const report = JSON.parse(result.stdout) as { files: { path: string; diagnostics: CliDiagnostic[] }[] };
  const severity = { error: 1, warning: 2, info: 3 } as const;
  return new Map(
    report.files.map((f) => [
      f.path,
      f.diagnostics.map((d) => ({
        code: d.ruleId,
        severity: severity[d.severity],
        message: d.message,
        range: {
          start: { line: d.range.start.line - 1, character: d.range.start.column - 1 },
          end: { line: d.range.end.line - 1, character: d.range.end.column - 1 },
        },
      })),
    ]),
  );
}

export const comparable = (diagnostics: readonly Diagnostic[]): Partial<Diagnostic>[] =>
  diagnostics.map(({ code, severity, message, range }) => ({ code, severity, message, range }));
