import { basename, dirname, relative, resolve } from 'node:path';
import type { DirectoryListings } from './find-files.js';
import { CHART_FILE, HelmCharts } from './helm-templates.js';
import {
  KUSTOMIZATION_NAMES,
  Kustomizations,
  isWithin,
  standsInLabelled,
  standsInPatch,
  type KustomizePart,
} from './kustomize-patches.js';
import { diagnostic, type FileFindings } from './place-reports.js';

/**
 * What a file is to a tool that makes manifests of it, when the manifests differ from the
 * file: a patch that a kustomization names, or a resource whose selectors it writes
 * (kustomize-patches.ts); a Helm chart's template or metadata (`Chart.yaml`,
 * helm-templates.ts). Each directory is looked at once per instance.
 */
export type FileRole =
  | ({ tool: 'kustomize'; kustomization: string } & Pick<KustomizePart, 'part' | 'by'>)
  | { tool: 'helm'; chart: string; part: 'template' | 'metadata' };

/** The files whose contents decide the roles of others (a door that watches files reads the roles again when one changes). */
export const ROLE_FILES: readonly string[] = [...KUSTOMIZATION_NAMES, CHART_FILE];

export class FileRoles {
  private readonly kustomize: Kustomizations;
  /** The kustomizations of each directory the run was given outside `cwd`, longest first. */
  private readonly named: { root: string; kustomize: Kustomizations }[];
  private readonly helm: HelmCharts;
  /** By path as asked (a run asks of each file at several stages). */
  private readonly known = new Map<string, FileRole | null>();

  /**
   * `cwd`: where relative paths start and kustomizations are looked for up to; the roles name
   * the kustomization or chart from there. `listings`: what the run's walk saw of the
   * directories, so that the files that decide roles are looked for on disk only where they
   * may be. `roots`: the paths the run was given; a file below one that lies outside `cwd`
   * (`platlint lint ../other/manifests`) has the kustomizations of that tree, up to the
   * path as given, as a file of `cwd` has those up to `cwd`. Any other file outside `cwd` is
   * looked at in its own directory only.
   */
  constructor(
    private readonly cwd: string,
    listings?: DirectoryListings,
    roots: readonly string[] = [],
  ) {
    const top = resolve(cwd);
    this.kustomize = new Kustomizations(top, listings?.exists, listings?.listed);
    this.named = [...new Set(roots.map((root) => resolve(cwd, root)))]
      .filter((root) => !isWithin(root, top))
      .sort((a, b) => b.length - a.length)
      .map((root) => ({ root, kustomize: new Kustomizations(root, listings?.exists, listings?.listed) }));
    this.helm = new HelmCharts(listings?.exists);
  }

  roleOf(path: string): FileRole | undefined {
    let role = this.known.get(path);
    if (role === undefined) {
      role = this.find(resolve(this.cwd, path)) ?? null;
      this.known.set(path, role);
    }
    return role ?? undefined;
  }

  private find(path: string): FileRole | undefined {
    const shown = (file: string): string => relative(this.cwd, file) || '.';
    if (basename(path) === CHART_FILE) return { tool: 'helm', chart: shown(dirname(path)), part: 'metadata' };
    const chart = this.helm.templateOf(path);
    if (chart !== undefined) return { tool: 'helm', chart: shown(chart), part: 'template' };
    const named = this.kustomizationsOf(path).partOf(path);
    return named && { tool: 'kustomize', kustomization: shown(named.kustomization), part: named.part, by: named.by };
  }

  /** The kustomizations that may name the file at `path` (absolute): those of `cwd`, or of the given directory it is under. */
  private kustomizationsOf(path: string): Kustomizations {
    if (this.named.length === 0) return this.kustomize;
    const dir = dirname(path);
    if (isWithin(dir, this.kustomize.top)) return this.kustomize;
    return this.named.find(({ root }) => isWithin(dir, root))?.kustomize ?? this.kustomize;
  }
}

/** True when the file's objects are whole as written, to be indexed and checked by the rules: all but patches and Helm's files. */
export function holdsWholeObjects(role: FileRole | undefined): boolean {
  return role === undefined || role.part === 'labelled';
}

/**
 * A kustomize patch keeps the findings on the values it sets, a resource whose selectors
 * kustomize writes all but a missing selector; a Helm chart's template none of its reading
 * (its template logic is no YAML), nor its metadata. Patches and Helm's files say once what
 * they are.
 */
export function applyRole(p: FileFindings, role: FileRole): void {
  if (role.part === 'labelled') {
    const kept = p.out.filter((d) => standsInLabelled(d, p.file.documents[d.document]?.value));
    p.out.length = 0;
    p.out.push(...kept);
    return;
  }
  const kept = role.part === 'patch' ? p.out.filter(standsInPatch) : [];
  const [ruleId, message] = toolFileFinding(role);
  // A template's first key may be inside template logic: its finding stands at the file's start.
  const span =
    role.part === 'patch' && p.file.documents.length > 0 ? p.file.locateParentKey(0, ['']) : { start: 0, end: 0, exact: false };
  kept.push(diagnostic(p, ruleId, 'info', message, 0, [], span));
  p.out.length = 0;
  p.out.push(...kept);
}

/** Why a file is read as a kustomize patch (kustomize-patches.ts), said with the kustomization that makes it one. */
const KUSTOMIZE_NAMING: Record<KustomizePart['by'], (kustomization: string) => string> = {
  entry: (kustomization) => `${kustomization} names it`,
  comment: (kustomization) => `${kustomization} names it in a commented-out entry`,
  name: (kustomization) => `its name says so, in the tree of ${kustomization}, and no kustomization lists it as a resource`,
};

function toolFileFinding(role: FileRole): [ruleId: string, message: string] {
  if (role.tool === 'kustomize')
    return [
      'document/kustomize-patch',
      `a kustomize patch (${KUSTOMIZE_NAMING[role.by](role.kustomization)}): the fields it sets are checked, not what it leaves to the object it patches; lint the output of \`kustomize build\` to check whole objects`,
    ];
  if (role.part === 'metadata')
    return ['document/not-manifest', "the Helm chart's metadata (Chart.yaml), not a platform manifest; skipped"];
  return [
    'file/helm-template',
    `a template of the Helm chart ${role.chart}: not YAML until rendered, so skipped; lint the output of \`helm template\` to check its objects`,
  ];
}
