import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileRoles } from './file-roles.js';

const root = mkdtempSync(join(tmpdir(), 'file-roles-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text = ''): string {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

describe('what a file is to Helm and kustomize', () => {
  write('chart/Chart.yaml', 'apiVersion: v1\nname: web\nversion: 1.0.0\n');
  write('chart/charts/sub/Chart.yaml', 'apiVersion: v2\nname: sub\nversion: 1.0.0\n');
  write('deploy/templates/web.yaml');
  write('deploy/kustomization.yaml', 'patches:\n- path: templates/web.yaml\n');
  const roles = new FileRoles(root);

  it("a chart's templates, in subdirectories and subcharts too", () => {
    expect(roles.roleOf(join(root, 'chart/templates/deployment.yaml'))).toEqual({
      tool: 'helm',
      chart: 'chart',
      part: 'template',
    });
    // Relative paths start at the working directory given.
    expect(roles.roleOf('chart/templates/ingress/rules.yaml')).toEqual({ tool: 'helm', chart: 'chart', part: 'template' });
    expect(roles.roleOf('chart/charts/sub/templates/svc.yaml')).toEqual({
      tool: 'helm',
      chart: 'chart/charts/sub',
      part: 'template',
    });
  });

  it("a chart's metadata, whatever its apiVersion says", () => {
    expect(roles.roleOf(join(root, 'chart/Chart.yaml'))).toEqual({ tool: 'helm', chart: 'chart', part: 'metadata' });
  });

  it("not a chart's values, its crds, or a templates directory outside a chart", () => {
    expect(roles.roleOf(join(root, 'chart/values.yaml'))).toBeUndefined();
    expect(roles.roleOf(join(root, 'chart/crds/widgets.yaml'))).toBeUndefined();
    // A templates directory with no Chart.yaml beside it is no chart's: here a kustomization names the file as a patch.
    expect(roles.roleOf(join(root, 'deploy/templates/web.yaml'))).toEqual({
      tool: 'kustomize',
      kustomization: 'deploy/kustomization.yaml',
      part: 'patch',
      by: 'entry',
    });
    expect(roles.roleOf(join(root, 'deploy/other.yaml'))).toBeUndefined();
  });
});
