// The configuration's `release` decides every release-dependent finding (decision 10 of issue 9).
import { afterAll, describe, expect, it } from 'vitest';
import { allDiagnostics, lintJson, manifests, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const podGroup =
  'apiVersion: scheduling.plat.io/v1beta1\nkind: PodGroup\nmetadata: {name: pg, namespace: ml}\nspec: {schedulingPolicy: {gang: {minCount: 2}}}\n';

function findings(release: string | undefined): string[][] {
  const config = release ? `release: "${release}"\n` : '';
  const dir = tempDir({ 'platlint.config.yaml': config, 'ep.yaml': manifests.endpoints, 'pg.yaml': podGroup });
  return allDiagnostics(lintJson(['.'], { cwd: dir }).report).map((d) => [d.file, d.ruleId, d.severity]);
}

describe('release', () => {
  it('defaults to the spec release: Endpoints deprecated, PodGroup served', () => {
    expect(findings(undefined)).toEqual([['ep.yaml', 'endpoints/deprecated', 'warning']]);
  });

  it('an older release drops the deprecation and refuses kinds it does not serve', () => {
    expect(findings('1.32')).toEqual([['pg.yaml', 'document/not-served', 'error']]);
    expect(findings('1.36')).toEqual([
      ['ep.yaml', 'endpoints/deprecated', 'warning'],
      ['pg.yaml', 'document/not-served', 'error'],
    ]);
  });
});
