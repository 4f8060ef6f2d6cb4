import { mkdirSync, renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allDiagnostics, lintJson, manifests, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const deployment = manifests.validDeployment();

/** A base and an overlay whose patches leave out what a Deployment must have (selector, template, images). */
const repository = {
  'base/deployment.yaml': deployment,
  'base/kustomization.yaml': 'resources:\n- deployment.yaml\n',
  'overlays/prod/kustomization.yaml':
    'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n- ../../base\npatches:\n- path: patches/replicas.yaml\npatchesStrategicMerge:\n- remove-sidecar.yaml\n',
  'overlays/prod/patches/replicas.yaml':
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n  template:\n    spec:\n      containers:\n      - name: web\n        resources:\n          limits: {memory: 1Gi}\n',
  'overlays/prod/remove-sidecar.yaml':
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      $setElementOrder/containers:\n      - name: web\n      containers:\n      - name: sidecar\n        $patch: delete\n',
  // Not named by the kustomization: linted as an object of its own.
  'overlays/prod/stray.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: stray\nspec:\n  replicas: 1\n',
};

describe('kustomize patches', () => {
  it('are checked as parts of objects: no error for what they leave out, one info each', () => {
    const dir = tempDir(repository);
    const { report, status } = lintJson(['.', '--workers', '1'], { cwd: dir });
    const found = allDiagnostics(report).map((d) => `${d.file} ${d.ruleId} ${d.severity}`);
    expect(found).toContain('overlays/prod/patches/replicas.yaml document/kustomize-patch info');
    expect(found).toContain('overlays/prod/remove-sidecar.yaml document/kustomize-patch info');
    expect(found.filter((f) => f.includes('replicas.yaml') || f.includes('remove-sidecar.yaml'))).toHaveLength(2);
    // The file no kustomization names is still an object of its own, and refused as one.
    expect(found).toContain('overlays/prod/stray.yaml schema/required error');
    expect(status).toBe(1);
  });

  it('still have the values they set checked, on any number of threads', () => {
    const dir = tempDir({
      ...repository,
      'overlays/prod/patches/replicas.yaml':
        'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: three\n  paused: 1\n',
    });
    for (const workers of ['1', '2']) {
      const { report } = lintJson(['overlays', '--workers', workers], { cwd: dir });
      const errors = allDiagnostics(report)
        .filter((d) => d.severity === 'error')
        .map((d) => `${d.file}:${d.range.start.line} ${d.ruleId}`);
      expect(errors, `--workers ${workers}`).toEqual([
        'overlays/prod/patches/replicas.yaml:6 schema/type',
        'overlays/prod/patches/replicas.yaml:7 schema/type',
        'overlays/prod/stray.yaml:5 schema/required',
        'overlays/prod/stray.yaml:5 schema/required',
      ]);
    }
  });

  it("leave a Deployment's selector to kustomize when its kustomization has common labels (kustomize commonlabels.go: commonLabelFieldSpecs)", () => {
    const selectorless = deployment.replace('  selector:\n    matchLabels:\n      app: web\n', '');
    const dir = tempDir({
      'labelled/kustomization.yaml': 'commonLabels:\n  app: web\nresources:\n- deployment.yaml\n',
      'labelled/deployment.yaml': selectorless,
      'unlabelled/kustomization.yaml': 'resources:\n- deployment.yaml\n',
      'unlabelled/deployment.yaml': selectorless,
    });
    const { report } = lintJson(['.'], { cwd: dir });
    const errors = allDiagnostics(report)
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.file} ${d.ruleId} ${d.path}`);
    // kustomize writes the selector only where the labels are common to the objects (commonLabelFieldSpecs).
    expect(errors).toEqual(['unlabelled/deployment.yaml schema/required spec.selector']);
  });

  it("are known wherever the walk's listings leave the lookup to the disk: an extensionless Kustomization, through a directory link, above the walked directory", () => {
    const patch = repository['overlays/prod/remove-sidecar.yaml'];
    const dir = tempDir({
      'plain/Kustomization': 'patches:\n- path: patch.yaml\n',
      'plain/patch.yaml': patch,
      'elsewhere/kustomization.yaml': 'patches:\n- path: patch.yaml\n',
      'elsewhere/patch.yaml': patch,
      'repo/kustomization.yaml': 'patches:\n- path: sub/patch.yaml\n',
      'repo/sub/patch.yaml': patch,
    });
    mkdirSync(join(dir, 'tree'));
    renameSync(join(dir, 'plain'), join(dir, 'tree', 'plain'));
    symlinkSync(join(dir, 'elsewhere'), join(dir, 'tree', 'linked'));
    const patches = (args: string[]) =>
      allDiagnostics(lintJson(args, { cwd: dir }).report)
        .filter((d) => d.ruleId === 'document/kustomize-patch')
        .map((d) => d.file);
    expect(patches(['tree'])).toEqual(['tree/linked/patch.yaml', 'tree/plain/patch.yaml']);
    // Walked from repo/sub, the kustomization one level up is not in a listing.
    expect(patches(['repo/sub'])).toEqual(['repo/sub/patch.yaml']);
  });

  it('are known when named alone, as a pre-commit hook names changed files', () => {
    const dir = tempDir(repository);
    const { report, status } = lintJson(['overlays/prod/remove-sidecar.yaml'], { cwd: dir });
    expect(allDiagnostics(report).map((d) => d.ruleId)).toEqual(['document/kustomize-patch']);
    expect(report.files[0]?.diagnostics[0]?.message).toMatch(/\(overlays\/prod\/kustomization\.yaml names it\)/);
    expect(status).toBe(0);
  });
});
