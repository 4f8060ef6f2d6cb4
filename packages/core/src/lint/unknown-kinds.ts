import type { CustomVersion } from '../custom-resources/definition.js';
import type { Severity } from '../diagnostics.js';
import type { FieldPath } from '../source/field-path.js';
import { diagnostic } from './place-reports.js';
import type { Gathering } from './recognise-object.js';

/** An object's apiVersion and kind as written, and where it sits in its document. */
interface Named {
  apiVersion: string;
  kind: string;
  prefix: FieldPath;
}

/**
 * An object whose apiVersion and kind name no kind platlint checks. `known` is whether the
 * catalog knows the pair (a kind known for admission only, not linted). A kind checked in another
 * version of the same group is an error at apiVersion (removed or future); anything else is said
 * once per file, at kind, with a hint: the group that holds the name, or how to give platlint
 * the schema (a CRD for a custom resource, the OpenAPI documents for the platform's other kinds).
 */
export function reportUnknownKind(g: Gathering, named: Named & { known: boolean }): void {
  const { apiVersion, kind, prefix } = named;
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  const others = g.catalog.withKindName(kind).filter((k) => k.lintable && k.group === group);
  if (!named.known && others.length > 0) {
    const versions = [...new Set(others.map((k) => k.apiVersion))].join(', ');
    const message = `${kind} is not served by ${apiVersion}; use ${versions}`;
    placeAt(g, 'document/unknown-version', 'error', message, [...prefix, 'apiVersion']);
    return;
  }
  if (g.reportedKinds.has(`${apiVersion}/${kind}`)) return;
  g.reportedKinds.add(`${apiVersion}/${kind}`);
  // The name may belong to a checked kind of another group: say which, it may be a slip.
  const elsewhere = g.catalog
    .withKindName(kind)
    .filter((k) => k.lintable)
    .map((k) => k.apiVersion);
  // A kind of a group that is no platform group is most likely a custom resource: say how to check it.
  const custom = !group.endsWith('plat.io') && group.includes('.');
  const how = custom
    ? ' (to check a custom resource, give its CustomResourceDefinition: --crd PATH, or crds: in platlint.config.yaml)'
    : " (to check the platform's other kinds, give its OpenAPI documents: --openapi DIR, or openapi: in platlint.config.yaml; `platlint schema pull` saves them)";
  const hint = elsewhere.length ? ` (platlint checks ${kind} in ${[...new Set(elsewhere)].join(', ')})` : how;
  const message = `${kind} (${apiVersion}) is not a kind platlint checks; skipped${hint}`;
  placeAt(g, 'document/unknown-kind', 'info', message, [...prefix, 'kind']);
}

/** An object of a custom resource version its CustomResourceDefinition marks `served: false`. */
export function reportUnservedVersion(g: Gathering, named: Named & { custom: CustomVersion }): void {
  const { apiVersion, kind, prefix, custom } = named;
  const served = g.catalog
    .withKindName(kind)
    .filter((k) => k.group === custom.group && g.catalog.customVersion(k)?.served)
    .map((k) => k.apiVersion);
  const hint = served.length ? `; use ${served.join(', ')}` : '; it serves no version';
  const message = `${kind} (${apiVersion}) is not served: CustomResourceDefinition ${custom.definition} marks the version served: false${hint}`;
  placeAt(g, 'document/unknown-version', 'error', message, [...prefix, 'apiVersion']);
}

function placeAt(g: Gathering, ruleId: string, severity: Severity, message: string, path: FieldPath): void {
  g.out.push(diagnostic(g, ruleId, severity, message, g.document, path, g.file.locate(g.document, path)));
}
