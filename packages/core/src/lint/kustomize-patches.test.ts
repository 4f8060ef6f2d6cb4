import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics.js';
import { Kustomizations, namesOf, standsInLabelled, standsInPatch } from './kustomize-patches.js';

const root = mkdtempSync(join(tmpdir(), 'kustomize-patches-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const patchesOf = (file: string): string[] => namesOf(file).patches;

function write(path: string, text: string): string {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

describe('the files a kustomization names as patches', () => {
  it('takes patches[].path, patchesStrategicMerge and patchesJson6902[].path, relative to the kustomization', () => {
    const file = write(
      'named/kustomization.yaml',
      [
        'apiVersion: kustomize.config.k8s.io/v1beta1',
        'kind: Kustomization',
        'resources: [deployment.yaml]',
        'patches:',
        '- path: patches/a.yaml',
        '- patch: |-',
        '    apiVersion: apps/v1',
        '    kind: Deployment',
        '- target: {kind: Deployment}',
        'patchesStrategicMerge:',
        '- b.yaml',
        '- |-',
        '  apiVersion: apps/v1',
        '  kind: Deployment',
        'patchesJson6902:',
        '- path: ops/c.yaml',
        '  target: {kind: Deployment, name: web}',
        '',
      ].join('\n'),
    );
    expect(patchesOf(file)).toEqual([
      join(root, 'named/b.yaml'),
      join(root, 'named/patches/a.yaml'),
      join(root, 'named/ops/c.yaml'),
    ]);
  });

  it('reads a Component, and a kustomization without apiVersion and kind', () => {
    expect(patchesOf(write('component/kustomization.yaml', 'kind: Component\npatches:\n- path: p.yaml\n'))).toEqual([
      join(root, 'component/p.yaml'),
    ]);
    expect(patchesOf(write('bare/kustomization.yml', 'patchesStrategicMerge: [p.yaml]\n'))).toEqual([join(root, 'bare/p.yaml')]);
  });

  it('names none for another kind, broken YAML, a list or a missing file', () => {
    expect(patchesOf(write('other/kustomization.yaml', 'kind: ConfigMap\npatches:\n- path: p.yaml\n'))).toEqual([]);
    expect(patchesOf(write('broken/kustomization.yaml', 'patches: [\n'))).toEqual([]);
    expect(patchesOf(write('list/kustomization.yaml', '- path: p.yaml\n'))).toEqual([]);
    expect(patchesOf(join(root, 'missing/kustomization.yaml'))).toEqual([]);
  });
});

describe('what else a kustomization file names', () => {
  it('resources, bases and components alike, files or directories (kustomize FixKustomization moves bases into resources)', () => {
    const file = write('fields/kustomization.yaml', 'resources: [a.yaml]\nbases: [../base]\ncomponents: [../component]\n');
    expect(namesOf(file).resources).toEqual([join(root, 'fields/a.yaml'), join(root, 'base'), join(root, 'component')]);
    expect(namesOf(file).writesSelectors).toBe(false);
  });

  it('the files of commented-out entries under a patch field, live or commented out, and of no other field', () => {
    const file = write(
      'commented/kustomization.yaml',
      [
        '#resources:',
        '#- deployment.yaml',
        '#patchesStrategicMerge:',
        '  # Only one of the two should be enabled.',
        '#- a_patch.yaml',
        '',
        '# [WEBHOOK] uncomment to enable',
        '# - b.yaml',
        'patches:',
        '#- path: sub/c.yml',
        '- path: live.yaml',
        'vars:',
        '#- d_patch.yaml',
        '',
      ].join('\n'),
    );
    expect(namesOf(file).commentedPatches).toEqual([
      join(root, 'commented/a_patch.yaml'),
      join(root, 'commented/b.yaml'),
      join(root, 'commented/sub/c.yml'),
    ]);
    expect(namesOf(file).patches).toEqual([join(root, 'commented/live.yaml')]);
  });
});

describe('what a kustomization makes of a file', () => {
  write('repo/base/kustomization.yaml', 'resources: [deployment.yaml]\n');
  write('repo/overlays/prod/kustomization.yaml', 'resources: [../../base]\npatches:\n- path: patches/replicas.yaml\n');
  write('repo/kustomization.yaml', 'patchesStrategicMerge: [overlays/prod/deep.yaml]\n');
  write('repo/overlays/prod/Kustomization', 'not read: kustomization.yaml comes first\n');
  write(
    'labels/kustomization.yaml',
    'commonLabels: {app: web}\nresources: [deployment.yaml, patched.yaml]\npatches:\n- path: patched.yaml\n',
  );
  write('selectors/kustomization.yaml', 'labels:\n- pairs: {app: web}\n  includeSelectors: true\nresources: [deployment.yaml]\n');
  write('plain-labels/kustomization.yaml', 'labels:\n- pairs: {app: web}\nresources: [deployment.yaml]\n');
  const kustomizations = new Kustomizations(root);
  const partOf = (path: string) => kustomizations.partOf(join(root, path));

  it('a patch, named in the directory of the file or above, each kustomization naming its own', () => {
    expect(partOf('repo/overlays/prod/patches/replicas.yaml')).toEqual({
      kustomization: join(root, 'repo/overlays/prod/kustomization.yaml'),
      part: 'patch',
      by: 'entry',
    });
    expect(partOf('repo/overlays/prod/deep.yaml')).toEqual({
      kustomization: join(root, 'repo/kustomization.yaml'),
      part: 'patch',
      by: 'entry',
    });
  });

  it('a resource whose selectors it writes (commonLabels, or labels with includeSelectors); a patch first', () => {
    expect(partOf('labels/deployment.yaml')).toEqual({
      kustomization: join(root, 'labels/kustomization.yaml'),
      part: 'labelled',
      by: 'entry',
    });
    expect(partOf('labels/patched.yaml')?.part).toBe('patch');
    expect(partOf('selectors/deployment.yaml')?.part).toBe('labelled');
    expect(partOf('plain-labels/deployment.yaml')).toBeUndefined();
  });

  it('nothing of a kustomization above the working directory', () => {
    // repo/kustomization.yaml names overlays/prod/deep.yaml; looked up from repo/overlays, it is out of reach.
    const fromOverlays = new Kustomizations(join(root, 'repo/overlays'));
    expect(fromOverlays.partOf(join(root, 'repo/overlays/prod/deep.yaml'))).toBeUndefined();
    expect(fromOverlays.partOf(join(root, 'repo/overlays/prod/patches/replicas.yaml'))?.part).toBe('patch');
  });

  it('nothing of plain resources and other files', () => {
    expect(partOf('repo/base/deployment.yaml')).toBeUndefined();
    expect(partOf('repo/overlays/prod/replicas.yaml')).toBeUndefined();
    expect(partOf('elsewhere/patch.yaml')).toBeUndefined();
  });
});

describe('what kustomizations make of files through directories and names', () => {
  const tree = join(root, 'through');
  const at = (path: string, text: string) => write(join('through', path), text);
  at('default/kustomization.yaml', 'commonLabels: {app: web}\nbases: [../manager]\n#patchesStrategicMerge:\n#- image.yaml\n');
  at('manager/kustomization.yaml', 'resources: [manager.yaml, ../nested]\n');
  at('nested/kustomization.yaml', 'resources: [deployment.yaml, ../default]\n');
  at('plain/kustomization.yaml', 'resources: [../unlabelled, patches/listed.yaml]\n');
  at('unlabelled/kustomization.yaml', 'resources: [deployment.yaml]\n');
  at('inner/kustomization.yaml', 'commonLabels: {app: web}\nresources: [../../outside]\n');
  write('outside/kustomization.yaml', 'resources: [deployment.yaml]\n');
  const kustomizations = new Kustomizations(tree);
  const partOf = (path: string) => kustomizations.partOf(join(tree, path));
  const defaultFile = join(tree, 'default/kustomization.yaml');

  it('labels the resources of a directory a kustomization writing selectors includes, through others, once around a cycle (kustomize kusttarget.go: accumulateResources, accumulateDirectory)', () => {
    expect(partOf('manager/manager.yaml')).toEqual({ kustomization: defaultFile, part: 'labelled', by: 'entry' });
    expect(partOf('nested/deployment.yaml')).toEqual({ kustomization: defaultFile, part: 'labelled', by: 'entry' });
    expect(partOf('unlabelled/deployment.yaml')).toBeUndefined();
  });

  it('follows no directory outside the working directory', () => {
    expect(new Kustomizations(tree).partOf(join(root, 'outside/deployment.yaml'))).toBeUndefined();
  });

  it('a patch named in a commented-out entry, or by its name or directory, in a kustomization tree and no resource', () => {
    expect(partOf('default/image.yaml')).toEqual({ kustomization: defaultFile, part: 'patch', by: 'comment' });
    expect(partOf('default/webhook_patch.yaml')).toEqual({ kustomization: defaultFile, part: 'patch', by: 'name' });
    expect(partOf('default/sub/patches/x.yaml')).toEqual({ kustomization: defaultFile, part: 'patch', by: 'name' });
    for (const name of ['a-patch.yml', 'patch-replicas.yaml', 'Manager_Patch.YAML'])
      expect(partOf(`default/${name}`)?.by, name).toBe('name');
    expect(partOf('plain/patches/listed.yaml')).toBeUndefined();
    expect(partOf('default/deployment.yaml')).toBeUndefined();
    expect(partOf('default/dispatcher.yaml')).toBeUndefined();
    expect(new Kustomizations(root).partOf(join(root, 'loose/web_patch.yaml'))).toBeUndefined();
  });
});

describe('the findings that stand on a resource whose selectors kustomize writes', () => {
  const required = { ruleId: 'schema/required', severity: 'error', message: '', document: 0, path: 'spec.selector' } as const;
  const range = { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };

  it("all but a workload's missing selector", () => {
    expect(standsInLabelled({ ...required, range }, { kind: 'Deployment' })).toBe(false);
    expect(standsInLabelled({ ...required, range }, { kind: 'Widget' })).toBe(true);
    expect(standsInLabelled({ ...required, path: 'spec.template', range }, { kind: 'Deployment' })).toBe(true);
  });
});

describe('the findings that stand on a patch', () => {
  const finding = (ruleId: string, path: string): Diagnostic => ({
    ruleId,
    severity: 'error',
    message: '',
    document: 0,
    path,
    range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
  });

  it('keeps those on the values it sets', () => {
    for (const ruleId of [
      'schema/type',
      'schema/enum',
      'schema/format',
      'yaml/syntax',
      'yaml/duplicate-key',
      'document/unknown-version',
    ])
      expect(standsInPatch(finding(ruleId, 'spec.replicas')), ruleId).toBe(true);
    expect(standsInPatch(finding('schema/unknown-field', 'spec.template.spec.containers[0].bogus'))).toBe(true);
  });

  it('drops those on what it leaves out, and unknown-field on its directives', () => {
    expect(standsInPatch(finding('schema/required', 'spec.selector'))).toBe(false);
    expect(standsInPatch(finding('schema/value', 'spec'))).toBe(false);
    expect(standsInPatch(finding('schema/unknown-field', 'spec.template.spec.containers[0].$patch'))).toBe(false);
    expect(standsInPatch(finding('schema/unknown-field', 'spec.template.spec["$setElementOrder/containers"]'))).toBe(false);
  });
});
