import type { Formatter } from './report.js';

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

// Workflow commands need %, CR and LF escaped in data, and ',' and ':' too in properties.
const data = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string): string => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

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
