import { forTerminal } from './escape/terminal.js';
import type { Formatter } from './report.js';

// Plain ANSI codes: node:util's styleText drops them whenever stdout is not a terminal,
// which would make --color useless in a pipe.
const CODES = { red: [31, 39], yellow: [33, 39], blue: [34, 39], dim: [2, 22], underline: [4, 24] } as const;
type Style = keyof typeof CODES;
const styleText = (style: Style, text: string): string => `\x1b[${CODES[style][0]}m${text}\x1b[${CODES[style][1]}m`;

/** Grouped by file, one line per finding: `line:column  severity  message  rule-id`. */
export const stylish: Formatter = (report, { color }) => {
  const paint = (style: Style, text: string): string => (color ? styleText(style, text) : text);
  const lines: string[] = [];
  for (const file of report.files) {
    if (file.diagnostics.length === 0) continue;
    lines.push('', paint('underline', forTerminal(file.path)));
    const rows = file.diagnostics.map(
      (d) => [`${d.range.start.line}:${d.range.start.column}`, d.severity, forTerminal(d.message), d.ruleId] as const,
    );
    const positionWidth = Math.max(...rows.map((r) => r[0].length));
    const severityWidth = Math.max(...rows.map((r) => r[1].length));
    for (const [position, severity, message, ruleId] of rows) {
      const style: Style = severity === 'error' ? 'red' : severity === 'warning' ? 'yellow' : 'blue';
      lines.push(
        `  ${paint('dim', position.padEnd(positionWidth))}  ${paint(style, severity.padEnd(severityWidth))}  ${message}  ${paint('dim', ruleId)}`,
      );
    }
  }
  const { errors, warnings, infos } = report.summary;
  const total = errors + warnings + infos;
  if (total > 0) {
    const summary = `✖ ${total} problem${total === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}, ${infos} info)`;
    lines.push('', paint(errors > 0 ? 'red' : 'yellow', summary));
    const fixable = report.files.reduce((n, f) => n + f.diagnostics.filter((d) => d.fix).length, 0);
    if (fixable > 0)
      lines.push(
        paint(
          'dim',
          `  ${fixable} of them can be fixed automatically (see the "fix" of --format json, or the editor's quick fixes).`,
        ),
      );
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
};
