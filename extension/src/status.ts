import * as vscode from 'vscode';

export interface ProblemCount {
  errors: number;
  warnings: number;
  infos: number;
  files: number;
}

/** platlint's problems among all diagnostics VS Code holds (pushed and pulled, for open files and the workspace). */
export function countProblems(): ProblemCount {
  const count: ProblemCount = { errors: 0, warnings: 0, infos: 0, files: 0 };
  for (const [, diagnostics] of vscode.languages.getDiagnostics()) {
    let inFile = false;
    for (const d of diagnostics) {
      if (d.source !== 'platlint') continue;
      inFile = true;
      if (d.severity === vscode.DiagnosticSeverity.Error) count.errors++;
      else if (d.severity === vscode.DiagnosticSeverity.Warning) count.warnings++;
      else count.infos++;
    }
    if (inFile) count.files++;
  }
  return count;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The status bar item: how many problems platlint has found, and a way to the Problems panel. */
export class ProblemStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('platlint.problems', vscode.StatusBarAlignment.Left, 0);
  private readonly listener: vscode.Disposable;
  private enabled = true;
  private pending: NodeJS.Timeout | undefined;

  constructor() {
    this.item.name = 'platlint problems';
    this.listener = vscode.languages.onDidChangeDiagnostics(() => this.scheduleUpdate());
    this.update();
    this.item.show();
  }

  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    this.update();
  }

  dispose(): void {
    clearTimeout(this.pending);
    this.listener.dispose();
    this.item.dispose();
  }

  /** Diagnostics change in bursts (a workspace lint sets thousands): count once per burst. */
  private scheduleUpdate(): void {
    if (this.pending) return;
    this.pending = setTimeout(() => {
      this.pending = undefined;
      this.update();
    }, 100);
  }

  private update(): void {
    if (!this.enabled) {
      this.item.text = '$(circle-slash) platlint';
      this.item.tooltip = 'platlint is turned off (setting platlint.enable)';
      this.item.command = { title: 'Settings', command: 'workbench.action.openSettings', arguments: ['platlint.enable'] };
      return;
    }
    const c = countProblems();
    const total = c.errors + c.warnings + c.infos;
    this.item.text = total === 0 ? '$(check) platlint' : `$(warning) platlint: ${plural(total, 'problem')}`;
    this.item.tooltip =
      total === 0
        ? 'platlint: no problems in the open and linted files'
        : `platlint: ${plural(c.errors, 'error')}, ${plural(c.warnings, 'warning')}, ${plural(c.infos, 'info')} in ${plural(c.files, 'file')}. Click to open the Problems panel.`;
    this.item.command = { title: 'Show problems', command: 'workbench.panel.markers.view.focus' };
  }
}
