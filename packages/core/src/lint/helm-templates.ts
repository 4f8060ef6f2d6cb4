// Helm chart templates: the files under a chart's `templates/` directory are Go templates that
// `helm template` renders into manifests (`{{ .Values.replicas }}`, `{{- if ... }}`), not YAML
// as they stand; read as YAML, each line of template logic is a syntax error. Such a file is
// skipped, once said; the chart's rendered output is what to lint. A chart is a directory
// holding `Chart.yaml`, the chart's metadata: no manifest either, though a chart of Helm 2
// says `apiVersion: v1` in it, as a manifest without kind would. Its `values.yaml` has no
// apiVersion (no manifest anyway), and its `crds/` are plain manifests, linted as they are.
import { basename, dirname } from 'node:path';
import { existsOnDisk, type FileLookup } from '../source/file-lookup.js';

/** Which files are templates of a Helm chart, each directory looked at once. */
export class HelmCharts {
  private readonly isChart = new Map<string, boolean>();
  /** By directory: the chart whose templates it holds, or null. */
  private readonly templatesOf = new Map<string, string | null>();

  /** `exists`: how to look for a chart's metadata file (a run that walked the tree answers from its listings: find-files.ts). */
  constructor(private readonly exists: FileLookup = existsOnDisk) {}

  /** The chart directory whose template `path` (absolute) is, or undefined. */
  templateOf(path: string): string | undefined {
    return this.chartOfTemplates(dirname(path)) ?? undefined;
  }

  /** Templates may sit in subdirectories of templates/: the nearest `templates` above decides. */
  private chartOfTemplates(dir: string): string | null {
    let known = this.templatesOf.get(dir);
    if (known === undefined) {
      const parent = dirname(dir);
      if (parent === dir) known = null;
      else if (basename(dir) === 'templates') known = this.chart(parent) ? parent : null;
      else known = this.chartOfTemplates(parent);
      this.templatesOf.set(dir, known);
    }
    return known;
  }

  private chart(dir: string): boolean {
    let known = this.isChart.get(dir);
    if (known === undefined) {
      known = this.exists(dir, CHART_FILE);
      this.isChart.set(dir, known);
    }
    return known;
  }
}

/** Helm's name for a chart's metadata file. */
export const CHART_FILE = 'Chart.yaml';
