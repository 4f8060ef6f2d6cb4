import type { Formatter } from './report.js';

/** The machine contract (version 1), documented in the README. */
export const json: Formatter = (report) =>
  `${JSON.stringify({
    version: 1,
    files: report.files.map((f) => ({ path: f.path, diagnostics: f.diagnostics })),
    summary: report.summary,
  })}\n`;
