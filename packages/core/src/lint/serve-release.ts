import type { Config } from '../config/config.js';
import { gateDefault, releaseAtLeast } from '../config/feature-gates.js';
import type { Severity } from '../diagnostics.js';
import type { Catalog, KindInfo } from '../kinds/catalog.js';
import type { LintObject } from '../rules/rule.js';
import { platlintInfo } from '../schema/tree.js';
import { diagnostic, type FileFindings } from './place-reports.js';

/**
 * The stage after recognition: whether the configured release and feature gates serve the
 * object's kind. A kind they do not serve is reported at `apiVersion`; false when that is an
 * error, since the server answers "no matches for kind" and nothing else about the object
 * matters then.
 */
export function servedOrReported(p: FileFindings, object: LintObject, catalog: Catalog): boolean {
  const unserved = p.config.rules['document/not-served'] === 'off' ? undefined : notServedMemo(object.kind, p.config, catalog);
  if (!unserved) return true;
  const path = [...object.prefix, 'apiVersion'];
  p.out.push(
    diagnostic(
      p,
      'document/not-served',
      unserved.severity,
      unserved.message,
      object.document,
      path,
      p.file.locate(object.document, path),
    ),
  );
  return unserved.severity !== 'error';
}

type Unserved = { severity: Severity; message: string } | undefined;

/**
 * notServed's answers by catalog, configuration and kind. A run asks for each of its objects,
 * and most files share one configuration: the answer depends on nothing else, and working it
 * out (parsing releases, reading gate defaults) cost more than the rest of this stage.
 */
const answers = new WeakMap<Catalog, WeakMap<Config, Map<KindInfo, Unserved>>>();

function notServedMemo(kind: KindInfo, config: Config, catalog: Catalog): Unserved {
  let byConfig = answers.get(catalog);
  if (!byConfig) answers.set(catalog, (byConfig = new WeakMap()));
  let byKind = byConfig.get(config);
  if (!byKind) byConfig.set(config, (byKind = new Map()));
  if (!byKind.has(kind)) byKind.set(kind, notServed(kind, config, catalog));
  return byKind.get(kind);
}

/**
 * Why the configuration's release and feature gates do not serve a kind, if they do not: the
 * release is older than the kind or has removed it, or the kind's gate is disabled (errors);
 * or the gate is off by default and the configuration does not say (a warning, as for a gated
 * field: the cluster may enable it).
 */
function notServed(kind: KindInfo, config: Config, catalog: Catalog): Unserved {
  const { release } = config;
  const { introducedIn, removedIn } = kind.entry;
  const what = `${kind.kind} (${kind.apiVersion})`;
  if (introducedIn && !releaseAtLeast(release, introducedIn))
    return {
      severity: 'error',
      message: `${what} is served from release ${introducedIn}; the configured release ${release} does not serve it`,
    };
  if (removedIn && releaseAtLeast(release, removedIn)) {
    const deprecated = kind.entry.deprecatedIn ? ` (deprecated from ${kind.entry.deprecatedIn})` : '';
    return {
      severity: 'error',
      message: `${what} was removed in release ${removedIn}${deprecated}; the configured release ${release} does not serve it`,
    };
  }
  const gates = platlintInfo(catalog.schema(kind)).featureGates ?? [];
  const disabled = gates.filter((g) => config.featureGates[g] === false);
  if (disabled.length)
    return {
      severity: 'error',
      message: `${what} is served only with feature gate ${disabled.join(', ')}, which the configuration disables`,
    };
  const offByDefault = gates.filter((g) => config.featureGates[g] === undefined && gateDefault(g, release) === false);
  if (offByDefault.length)
    return {
      severity: 'warning',
      message: `${what} is served only with feature gate ${offByDefault.join(', ')} (off by default at release ${release}); set it in platlint.config.yaml featureGates to say what the cluster runs`,
    };
  return undefined;
}
