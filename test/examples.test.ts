import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { glob } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { SourceFile, catalog, catalogWith, defaultConfig, definitionsInSource, lintSources } from '@platlint/core';
import { rules } from '@platlint/rules';

const root = fileURLToPath(new URL('../examples/', import.meta.url));

/**
 * Each document of examples/invalid opens with `# expect RULE at PATH (why)`. These
 * expectations need semantic rules that arrive with the rule-modules issue; until then
 * they are listed here, so that the test still guards every other one.
 */
const pending: Record<string, string> = {};

function lint(file: string) {
  const source = SourceFile.fromBytes(file, readFileSync(`${root}${file}`));
  const config = defaultConfig(root);
  // Custom resources are checked against the definitions of their own file, as the CLI does.
  const [result] = lintSources({
    files: [source],
    rules,
    configFor: () => config,
    catalog: catalogWith(catalog, definitionsInSource(source, catalog)),
  });
  return { source, diagnostics: result?.diagnostics ?? [] };
}

describe('examples', async () => {
  const valid = (await glob('valid/*.yaml', { cwd: root })).sort();
  const invalid = (await glob('invalid/*.yaml', { cwd: root })).sort();

  it('cover every kind, valid and invalid', () => {
    const kinds = [
      'deployment',
      'endpoints',
      'event',
      'compositepodgroup',
      'podgroup',
      'devicetaintrule',
      'flowschema',
      'prioritylevelconfiguration',
      'mutatingadmissionpolicy',
      'mutatingadmissionpolicybinding',
      'authenticationconfiguration',
      'authorizationconfiguration',
      'egressselectorconfiguration',
      'tracingconfiguration',
      'deploymentlist',
      'endpointslist',
      'customresourcedefinition',
    ];
    for (const kind of kinds) {
      expect(valid).toContain(`valid/${kind}.yaml`);
      expect(invalid).toContain(`invalid/${kind}.yaml`);
    }
  });

  it.each(valid)('%s has no error', (file) => {
    expect(lint(file).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it.each(invalid)('%s: every document draws the finding it announces', (file) => {
    const { source, diagnostics } = lint(file);
    const missed: string[] = [];
    for (const doc of source.documents) {
      // Comments before the first document are not part of its CST token.
      const header = source.text.slice(doc.index === 0 ? 0 : doc.start, doc.cst.value?.offset ?? doc.end);
      const expectation = /# expect (\S+)(?: at (\S+))?(.*)/.exec(header);
      if (!expectation) continue;
      const [, ruleId, path, why = ''] = expectation;
      const found = diagnostics.filter(
        (d) => d.document === doc.index && d.ruleId === ruleId && (path === undefined || d.path === path),
      );
      if (found.length > 0) continue;
      if (!(`${file}#${doc.index}` in pending))
        missed.push(`document ${doc.index}: expected ${ruleId} at ${path ?? '(document)'}${why}`);
    }
    expect(missed).toEqual([]);
    expect(diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });
});
