import type { Formatter } from './report.js';

const escape = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JUnit XML: one test case per file, failing when the file has errors or warnings. */
export const junit: Formatter = (report) => {
  const cases = report.files.map((file) => {
    const problems = file.diagnostics.filter((d) => d.severity !== 'info');
    const name = escape(file.path);
    if (problems.length === 0) return `    <testcase classname="platlint" name="${name}" time="0"/>`;
    const body = problems.map((d) => `${d.range.start.line}:${d.range.start.column} ${d.severity} ${d.message} (${d.ruleId})`).join('\n');
    const first = problems[0]!;
    return `    <testcase classname="platlint" name="${name}" time="0">\n      <failure message="${escape(`${problems.length} problem(s): ${first.message}`)}" type="${escape(first.ruleId)}">${escape(body)}</failure>\n    </testcase>`;
  });
  const failures = report.files.filter((f) => f.diagnostics.some((d) => d.severity !== 'info')).length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="platlint" tests="${report.files.length}" failures="${failures}">\n  <testsuite name="platlint" tests="${report.files.length}" failures="${failures}" errors="0">\n${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`;
};
