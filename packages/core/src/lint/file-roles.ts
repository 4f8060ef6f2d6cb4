import { basename, dirname } from 'node:path';
import { CHART_FILE, HelmCharts } from './helm-templates.js';
import { KustomizePatches } from './kustomize-patches.js';

/**
 * What a file is to a tool that makes manifests of it, when it is not a manifest as it stands:
 * a patch that a kustomization names (kustomize-patches.ts), or a Helm chart's template or
 * metadata (`Chart.yaml`, helm-templates.ts). Paths are absolute; each directory is looked at
 * once per instance.
 */
export type FileRole =
  { tool: 'kustomize'; kustomization: string } | { tool: 'helm'; chart: string; part: 'template' | 'metadata' };

export class FileRoles {
  private readonly kustomize = new KustomizePatches();
  private readonly helm = new HelmCharts();

  roleOf(path: string): FileRole | undefined {
    if (basename(path) === CHART_FILE) return { tool: 'helm', chart: dirname(path), part: 'metadata' };
    const chart = this.helm.templateOf(path);
    if (chart !== undefined) return { tool: 'helm', chart, part: 'template' };
    const kustomization = this.kustomize.patchedBy(path);
    return kustomization === undefined ? undefined : { tool: 'kustomize', kustomization };
  }
}
