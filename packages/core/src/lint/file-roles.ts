import { basename, dirname } from 'node:path';
import { CHART_FILE, HelmCharts } from './helm-templates.js';
import { Kustomizations } from './kustomize-patches.js';

/**
 * What a file is to a tool that makes manifests of it, when the manifests differ from the
 * file: a patch that a kustomization names, or a resource whose selectors it writes
 * (kustomize-patches.ts); a Helm chart's template or metadata (`Chart.yaml`,
 * helm-templates.ts). Paths are absolute; each directory is looked at once per instance.
 */
export type FileRole =
  | { tool: 'kustomize'; kustomization: string; part: 'patch' | 'labelled' }
  | { tool: 'helm'; chart: string; part: 'template' | 'metadata' };

export class FileRoles {
  private readonly kustomize = new Kustomizations();
  private readonly helm = new HelmCharts();

  roleOf(path: string): FileRole | undefined {
    if (basename(path) === CHART_FILE) return { tool: 'helm', chart: dirname(path), part: 'metadata' };
    const chart = this.helm.templateOf(path);
    if (chart !== undefined) return { tool: 'helm', chart, part: 'template' };
    const named = this.kustomize.partOf(path);
    return named && { tool: 'kustomize', ...named };
  }
}

/** True when the file's objects are whole as written, to be indexed and checked by the rules: all but patches and Helm's files. */
export function holdsWholeObjects(role: FileRole | undefined): boolean {
  return role === undefined || role.part === 'labelled';
}
