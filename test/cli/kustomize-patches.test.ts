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

const selectorless = deployment.replace('  selector:\n    matchLabels:\n      app: web\n', '');
const imageless = deployment.replace('          image: registry.example.com/web:1.0.0\n', '');
/** A patch of kubebuilder's scaffold: the manager's Deployment, no selector, a container without its image. */
const authProxyPatch =
  'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: controller-manager\nspec:\n  template:\n    spec:\n      containers:\n      - name: kube-rbac-proxy\n        args: [--secure-listen-address=0.0.0.0:8443]\n';

/** The errors of a lint of `.` in `dir`, as `file ruleId path`, the same on one thread and two. */
function errorsOf(dir: string): string[] {
  const [one, two] = ['1', '2'].map((workers) =>
    allDiagnostics(lintJson(['.', '--workers', workers], { cwd: dir }).report)
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.file} ${d.ruleId} ${d.path}`),
  );
  expect(two).toEqual(one);
  return one!;
}

/** The files read as patches, with the reason each message gives. */
function patchesOf(dir: string): string[] {
  return allDiagnostics(lintJson(['.'], { cwd: dir }).report)
    .filter((d) => d.ruleId === 'document/kustomize-patch')
    .map((d) => `${d.file} (${/\((.*?)\):/.exec(d.message)?.[1]})`);
}

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

  it("that a kustomization names only in a commented-out patch entry (kubebuilder's scaffold) are patches; a commented-out resource is not", () => {
    const dir = tempDir({
      'config/default/kustomization.yaml': [
        'commonLabels:',
        '  control-plane: controller-manager',
        'bases:',
        '- ../manager',
        '#resources:',
        '#- old-deployment.yaml',
        '#patchesStrategicMerge:',
        '  # Only one of these should be enabled.',
        '#- manager_auth_proxy_patch.yaml',
        '',
        '# [WEBHOOK] To enable the webhook, uncomment:',
        '#- sidecar.yaml',
        'vars:',
        '#- name: CERTIFICATE_NAMESPACE',
        '#- unused.yaml',
        '',
      ].join('\n'),
      'config/default/manager_auth_proxy_patch.yaml': authProxyPatch,
      'config/default/sidecar.yaml': authProxyPatch,
      'config/default/old-deployment.yaml': imageless,
      'config/default/unused.yaml': imageless.replace('name: web', 'name: unused'),
      'config/manager/kustomization.yaml': 'resources:\n- manager.yaml\n',
      'config/manager/manager.yaml': selectorless,
    });
    // manager.yaml's selector is written by default's commonLabels, through `bases: [../manager]`.
    expect(errorsOf(dir)).toEqual([
      'config/default/old-deployment.yaml deployment/container-image spec.template.spec.containers[0].image',
      'config/default/unused.yaml deployment/container-image spec.template.spec.containers[0].image',
    ]);
    expect(patchesOf(dir)).toEqual([
      'config/default/manager_auth_proxy_patch.yaml (config/default/kustomization.yaml names it in a commented-out entry)',
      'config/default/sidecar.yaml (config/default/kustomization.yaml names it in a commented-out entry)',
    ]);
  });

  it('that no kustomization names are patches when their name or a patches/ directory says so, unless a kustomization lists them as resources', () => {
    const dir = tempDir({
      'base/kustomization.yaml': 'resources:\n- deployment.yaml\n- patches/listed.yaml\n- listed_patch.yaml\n',
      'base/deployment.yaml': deployment,
      'base/patches/add_service_account.yaml':
        'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      serviceAccountName: web\n',
      'base/replicas-patch.yaml': authProxyPatch,
      'base/patch-resources.yaml': authProxyPatch,
      // Resources whatever their names: objects of their own in the build.
      'base/patches/listed.yaml': selectorless.replace('name: web', 'name: listed'),
      'base/listed_patch.yaml': selectorless.replace('name: web', 'name: listed-patch'),
      // An ordinary manifest no kustomization lists, in a kustomization's tree: linted whole.
      'base/extra/deployment.yaml': imageless.replace('name: web', 'name: extra'),
      // A patch's name outside every kustomization's tree: linted whole.
      'loose/web_patch.yaml': authProxyPatch,
    });
    expect(errorsOf(dir)).toEqual([
      'base/extra/deployment.yaml deployment/container-image spec.template.spec.containers[0].image',
      'base/listed_patch.yaml schema/required spec.selector',
      'base/patches/listed.yaml schema/required spec.selector',
      'loose/web_patch.yaml schema/required spec.selector',
      'loose/web_patch.yaml deployment/container-image spec.template.spec.containers[0].image',
    ]);
    const byName = '(its name says so, in the tree of base/kustomization.yaml, and no kustomization lists it as a resource)';
    expect(patchesOf(dir)).toEqual([
      `base/patch-resources.yaml ${byName}`,
      `base/patches/add_service_account.yaml ${byName}`,
      `base/replicas-patch.yaml ${byName}`,
    ]);
  });

  it('leave the selector of a Deployment to the common labels of any kustomization that includes its directory, through others, cycles too (kustomize kusttarget.go: accumulateDirectory)', () => {
    const dir = tempDir({
      // overlay -> base -> app: the overlay's labels reach app's Deployment.
      'overlay/kustomization.yaml': 'labels:\n- pairs: {team: a}\n  includeSelectors: true\nresources:\n- ../base\n',
      'base/kustomization.yaml': 'components:\n- ../app\n',
      'app/kustomization.yaml': 'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nresources:\n- deployment.yaml\n',
      'app/deployment.yaml': selectorless,
      // A cycle of two kustomizations, one with common labels.
      'cycle/a/kustomization.yaml': 'commonLabels: {app: web}\nresources:\n- ../b\n',
      'cycle/b/kustomization.yaml': 'resources:\n- ../a\n- deployment.yaml\n',
      'cycle/b/deployment.yaml': selectorless,
      // Included only by kustomizations without common labels: the selector is missing from the build.
      'plain/overlay/kustomization.yaml': 'resources:\n- ../base\n',
      'plain/base/kustomization.yaml': 'resources:\n- deployment.yaml\n',
      'plain/base/deployment.yaml': selectorless,
    });
    expect(errorsOf(dir)).toEqual(['plain/base/deployment.yaml schema/required spec.selector']);
  });

  it('are known in a directory given outside the working directory, from the kustomizations of that tree alone', () => {
    const dir = tempDir({
      ...Object.fromEntries(Object.entries(repository).map(([path, text]) => [`repo/${path}`, text])),
      // Above the directory given: its labels do not reach inside.
      'kustomization.yaml': 'commonLabels: {app: web}\nresources:\n- repo/labelled\n',
      'repo/labelled/deployment.yaml': selectorless,
      'elsewhere/README': 'the working directory',
    });
    for (const workers of ['1', '2']) {
      const { report } = lintJson(['../repo', '--workers', workers], { cwd: join(dir, 'elsewhere') });
      const found = allDiagnostics(report)
        .filter((d) => d.severity === 'error' || d.ruleId === 'document/kustomize-patch')
        .map((d) => `${d.file} ${d.ruleId} ${d.path}`);
      expect(found).toEqual([
        '../repo/labelled/deployment.yaml schema/required spec.selector',
        '../repo/overlays/prod/patches/replicas.yaml document/kustomize-patch ',
        '../repo/overlays/prod/remove-sidecar.yaml document/kustomize-patch ',
        '../repo/overlays/prod/stray.yaml schema/required spec.selector',
        '../repo/overlays/prod/stray.yaml schema/required spec.template',
      ]);
    }
  });

  it('leave nothing to a kustomization outside the working directory, nor follow a directory outside it', () => {
    const dir = tempDir({
      // Outside the run's tree: its labels do not reach inside.
      'outside/kustomization.yaml': 'commonLabels: {app: web}\nresources:\n- ../inside/app\n- ../common-base\n',
      'inside/app/kustomization.yaml': 'resources:\n- deployment.yaml\n',
      'inside/app/deployment.yaml': selectorless,
      // Inside, labelling a directory outside: nothing there is read.
      'inside/overlay/kustomization.yaml': 'commonLabels: {app: web}\nresources:\n- ../../common-base\n',
      'common-base/kustomization.yaml': 'resources:\n- deployment.yaml\n',
      'common-base/deployment.yaml': selectorless,
    });
    const { report } = lintJson(['.', '../common-base/deployment.yaml'], { cwd: join(dir, 'inside') });
    const errors = allDiagnostics(report)
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.file} ${d.ruleId} ${d.path}`);
    expect(errors).toEqual([
      'app/deployment.yaml schema/required spec.selector',
      '../common-base/deployment.yaml schema/required spec.selector',
    ]);
  });
});
