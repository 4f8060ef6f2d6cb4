import { commandData as data, commandProperty as property } from './escape/workflow-command.js';
import type { Formatter } from './report.js';

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

/** GitHub Actions workflow annotations, one line per finding. */
export const github: Formatter = (report) =>
  report.files
    .flatMap((file) =>
      file.diagnostics.map((d) => {
        const r = d.range;
        return `::${COMMAND[d.severity]} file=${property(file.path)},line=${r.start.line},col=${r.start.column},endLine=${r.end.line},endColumn=${r.end.column},title=${property(d.ruleId)}::${data(d.message)}\n`;
      }),
    )
    .join('');
