import { compareDiagnostics, type Diagnostic } from '../diagnostics.js';
import type { FileResult } from './linter.js';
import type { FileFindings } from './place-reports.js';
import { applySuppressions } from './suppressions.js';

/**
 * The last stage of a file's lint: the configured severities (a rule set to `off` drops its
 * findings), then the inline suppressions when the file's comments may switch rules off,
 * then the order of the report.
 */
export function finishFile(p: FileFindings, inlineSuppressions: boolean): FileResult {
  const configured: Diagnostic[] = [];
  for (const d of p.ruleOut) {
    const setting = p.config.rules[d.ruleId];
    if (setting === 'off') continue;
    configured.push(setting ? { ...d, severity: setting } : d);
  }
  const reportUnused = p.config.rules['suppression/unused'] !== 'off';
  const kept = (inlineSuppressions ? applySuppressions(p.file, configured, reportUnused) : configured).map((d) => {
    // The unused-suppression warning is made after the severities above: its own setting applies here.
    const setting = d.ruleId === 'suppression/unused' ? p.config.rules[d.ruleId] : undefined;
    return setting && setting !== 'off' ? { ...d, severity: setting } : d;
  });
  kept.sort(compareDiagnostics);
  return { path: p.file.path, documents: p.file.documents.length, diagnostics: kept };
}
