// What users read names the platform's documents by title and section ("API document A,
// Deployment"; "API server validation, FlowSchema"), never by a file they do not have: the
// reference notes the project was written from are not part of a checkout or the package.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allRuleMetas } from '@platlint/rules';

const root = fileURLToPath(new URL('..', import.meta.url));
const UNREADABLE = /\.\.\/shared|shared\/(spec|reference)|(resource-kinds|config-kinds|mutating-admission)\.md|api-types\.json|§/;

describe('document names', () => {
  it('README.md and examples/README.md name no file a user lacks', () => {
    for (const file of ['README.md', 'examples/README.md']) {
      const lines = readFileSync(join(root, file), 'utf8').split('\n');
      expect(
        lines.filter((line) => UNREADABLE.test(line)),
        file,
      ).toEqual([]);
    }
  });

  it("every rule's source and documentation (what `platlint explain` and docs/rules show) name documents by title", () => {
    const offenders = allRuleMetas.flatMap((meta) =>
      [meta.source, meta.docs].filter((text) => UNREADABLE.test(text)).map((text) => `${meta.id}: ${text}`),
    );
    expect(offenders).toEqual([]);
    expect(allRuleMetas.filter((meta) => /^(API document [ABC], |upstream )/.test(meta.source)).length).toBeGreaterThan(
      allRuleMetas.length / 2,
    );
  });
});
