import type { Severity } from '../diagnostics.js';
import { fileUriReference as uriOf } from './escape/uri.js';
import type { Formatter } from './report.js';

const LEVEL: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'note' };

/** SARIF 2.1.0: one run, the rules that reported as reportingDescriptors, real regions. */
export const sarif: Formatter = (report) => {
  const used = new Set(report.files.flatMap((f) => f.diagnostics.map((d) => d.ruleId)));
  const rules = report.rules.filter((r) => used.has(r.id));
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const results = report.files.flatMap((file) =>
    file.diagnostics.map((d) => ({
      ruleId: d.ruleId,
      ...(index.has(d.ruleId) ? { ruleIndex: index.get(d.ruleId) } : {}),
      level: LEVEL[d.severity],
      message: { text: d.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: uriOf(file.path) },
            region: {
              startLine: d.range.start.line,
              startColumn: d.range.start.column,
              endLine: d.range.end.line,
              endColumn: Math.max(d.range.end.column, d.range.start.line === d.range.end.line ? d.range.start.column + 1 : 1),
            },
          },
          ...(d.path ? { logicalLocations: [{ fullyQualifiedName: `document[${d.document}].${d.path}`, kind: 'member' }] } : {}),
        },
      ],
      ...(d.fix
        ? {
            fixes: [
              {
                description: { text: `Replace with ${d.fix.text}` },
                artifactChanges: [
                  {
                    artifactLocation: { uri: uriOf(file.path) },
                    replacements: [
                      {
                        deletedRegion: {
                          startLine: d.fix.range.start.line,
                          startColumn: d.fix.range.start.column,
                          endLine: d.fix.range.end.line,
                          endColumn: d.fix.range.end.column,
                        },
                        insertedContent: { text: d.fix.text },
                      },
                    ],
                  },
                ],
              },
            ],
          }
        : {}),
    })),
  );
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'platlint',
            informationUri: 'https://github.com/platlint/platlint',
            rules: rules.map((r) => ({
              id: r.id,
              shortDescription: { text: r.description },
              fullDescription: { text: r.docs },
              defaultConfiguration: { level: LEVEL[r.severity] },
            })),
          },
        },
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
};
