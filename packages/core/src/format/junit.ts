import { showControls } from './escape/controls.js';
import { xmlAttribute, xmlText } from './escape/xml.js';
import type { Formatter } from './report.js';

/** JUnit XML: one test case per file, failing when the file has errors or warnings. */
export const junit: Formatter = (report) => {
  const cases = report.files.map((file) => {
    const problems = file.diagnostics.filter((d) => d.severity !== 'info');
    const name = xmlAttribute(file.path);
    if (problems.length === 0) return `    <testcase classname="platlint" name="${name}" time="0"/>`;
    // One line per finding: a line break in a message (from a key of the file) is shown, not kept.
    const body = problems
      .map((d) => `${d.range.start.line}:${d.range.start.column} ${d.severity} ${showControls(d.message)} (${d.ruleId})`)
      .join('\n');
    const first = problems[0]!;
    return `    <testcase classname="platlint" name="${name}" time="0">\n      <failure message="${xmlAttribute(`${problems.length} problem(s): ${showControls(first.message)}`)}" type="${xmlAttribute(first.ruleId)}">${xmlText(body)}</failure>\n    </testcase>`;
  });
  const failures = report.files.filter((f) => f.diagnostics.some((d) => d.severity !== 'info')).length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="platlint" tests="${report.files.length}" failures="${failures}">\n  <testsuite name="platlint" tests="${report.files.length}" failures="${failures}" errors="0">\n${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`;
};
