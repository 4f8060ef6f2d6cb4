/**
 * How the API server reads its configuration files (reference/upstream-rules/config-kinds.md
 * §0), which differs from how it admits objects: the file is decoded first, strictly, and a
 * decode failure stops the load before any validation. Only the configuration kinds (scope
 * `config`) go through here.
 */
import type { Catalog, KindInfo } from '../kinds/catalog.js';
import type { SchemaNode } from '../schema/tree.js';
import { mayHold } from '../schema/reach.js';
import { fieldSchema, schemaAt } from '../schema/tree.js';
import type { PathSegment } from '../source/field-path.js';
import type { StructuralFinding } from '../validate/validator.js';
import { validateStructure } from '../validate/validator.js';
import { asDecodeFailure } from '../validate/decode.js';

export interface LoadingProblem {
  ruleId: 'document/missing-kind' | 'document/unknown-version' | 'document/unknown-kind';
  /** `apiVersion` or `kind`: the field the server names. */
  field: 'apiVersion' | 'kind';
  /**
   * A warning where the server reads the file but platlint cannot check it (see
   * OTHER_SERVED_VERSIONS), or where the file may not be meant for the server (outsideTheGroup).
   */
  severity: 'error' | 'warning';
  /** True when the field is not written (the range is then the nearest key). */
  missing: boolean;
  message: string;
}

/**
 * The decode error of a document that is meant as a configuration file: its kind is a
 * configuration kind, or its apiVersion names a configuration group. Undefined for every
 * other document (the generic kind lookup handles those) and for a configuration file whose
 * apiVersion and kind are known.
 */
export function configLoadingProblem(record: Record<string, unknown>, catalog: Catalog): LoadingProblem | undefined {
  const configs = configKindsOf(catalog);
  const apiVersion = typeof record.apiVersion === 'string' ? record.apiVersion : '';
  const kind = typeof record.kind === 'string' ? record.kind : '';
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  const inGroup = configs.filter((k) => k.group === group);
  const named = configs.filter((k) => k.kind === kind);
  const versions = (list: readonly KindInfo[]): string => [...new Set(list.map((k) => k.apiVersion))].join(', ');
  if (inGroup.length === 0 && named.length === 0) return undefined;
  if (apiVersion === '') {
    // A configuration kind without apiVersion (no group to go on when only the kind is known).
    if (named.length === 0) return undefined;
    return {
      ruleId: 'document/missing-kind',
      severity: 'error',
      field: 'apiVersion',
      missing: true,
      message: `apiVersion is missing: the server cannot read a ${kind} file without it; write apiVersion: ${versions(named)}`,
    };
  }
  if (inGroup.length === 0) return catalog.lookup(apiVersion, kind) ? undefined : outsideTheGroup(kind, apiVersion, named);
  if (!inGroup.some((k) => k.apiVersion === apiVersion)) {
    const version = apiVersion.slice(group.length + 1);
    if (OTHER_SERVED_VERSIONS[kind]?.includes(version)) {
      return {
        ruleId: 'document/unknown-version',
        severity: 'warning',
        field: 'apiVersion',
        missing: false,
        message: `the server reads ${kind} files of ${apiVersion}, but the spec documents only ${versions(named)} and platlint checks only that version: this file's content is not checked; write apiVersion: ${versions(named)}`,
      };
    }
    return {
      ruleId: 'document/unknown-version',
      severity: 'error',
      field: 'apiVersion',
      missing: false,
      message: `${apiVersion} is not a version of the configuration group ${group}; the server reads ${versions(inGroup)}`,
    };
  }
  if (kind === '') {
    return {
      ruleId: 'document/missing-kind',
      severity: 'error',
      field: 'kind',
      missing: true,
      message: `kind is missing: the server cannot tell which configuration file this is; write one of ${inGroup.map((k) => k.kind).join(', ')}`,
    };
  }
  if (!catalog.lookup(apiVersion, kind)) {
    const cased = inGroup.find((k) => k.kind.toLowerCase() === kind.toLowerCase());
    const hint = cased
      ? `did you mean ${cased.kind}? (kinds are case-sensitive)`
      : `the kinds are ${inGroup.map((k) => k.kind).join(', ')}`;
    return {
      ruleId: 'document/unknown-kind',
      severity: 'error',
      field: 'kind',
      missing: false,
      message: `${apiVersion} has no kind ${kind}; ${hint}`,
    };
  }
  return undefined;
}

/**
 * A configuration kind's name under a group/version the server's configuration loader does
 * not know (`apps/v1alpha1`, `v1`). The file is most likely meant as that configuration, and
 * the server would refuse it: each loader decodes with a scheme that holds only the
 * configuration groups, and an unknown group/version is a decode error (upstream
 * kube-apiserver `loadAuthenticationConfigFromData`, apiserver `load.LoadFromData`,
 * `egressselector.ReadEgressSelectorConfiguration`, `options.ReadTracingConfiguration`).
 * A warning, not an error: another program may own a kind of the same name (a custom
 * resource of that name, known to the catalog, is not reported here at all).
 */
function outsideTheGroup(kind: string, apiVersion: string, named: readonly KindInfo[]): LoadingProblem {
  const groups = [...new Set(named.map((k) => k.group))].join(', ');
  const versions = [...new Set(named.map((k) => k.apiVersion))].join(', ');
  return {
    ruleId: 'document/unknown-version',
    severity: 'warning',
    field: 'apiVersion',
    missing: false,
    message: `${kind} is an API server configuration kind, which the server reads only from the group ${groups}: it would refuse this file, since ${apiVersion} is no group/version its configuration loader knows; write apiVersion: ${versions}`,
  };
}

/**
 * Versions upstream also decodes each configuration kind from, besides the v1beta1 the spec
 * documents (the v1alpha1 and v1 schemes of the apiserver configuration groups). The server
 * loads such a file, so it draws no error; platlint has only the v1beta1 schema, so it says
 * the body went unchecked.
 */
const OTHER_SERVED_VERSIONS: Readonly<Record<string, readonly string[]>> = {
  AuthenticationConfiguration: ['v1alpha1', 'v1'],
  AuthorizationConfiguration: ['v1alpha1', 'v1'],
  EgressSelectorConfiguration: ['v1alpha1'],
  TracingConfiguration: ['v1alpha1'],
};

const configKindsByCatalog = new WeakMap<Catalog, readonly KindInfo[]>();

/** The configuration kinds of a catalog (scope `config`). */
export function configKindsOf(catalog: Catalog): readonly KindInfo[] {
  let kinds = configKindsByCatalog.get(catalog);
  if (!kinds) {
    kinds = catalog.kinds.filter((k) => k.scope === 'config');
    configKindsByCatalog.set(catalog, kinds);
  }
  return kinds;
}

export interface ConfigDecoding {
  findings: StructuralFinding[];
  /** False when the server would stop reading the file: no rule runs on it then. */
  decoded: boolean;
}

/**
 * Structural validation of a configuration file, as the server loads it. A value of the wrong
 * JSON type (an int32 out of range included, and a duration string that does not parse, which
 * the duration type itself refuses while decoding) stops decoding at the first one, in
 * document order, and is all that is reported. Otherwise unknown fields and repeated keys (strict
 * decoding) are reported together, and nothing else. A file that decodes gets every finding.
 */
export function decodeConfig(schema: SchemaNode, value: Record<string, unknown>, hasDuplicateKeys: boolean): ConfigDecoding {
  const findings = [
    ...validateStructure(schema, value).map((f) => asDecodeFailure(f, schema, value)),
    ...emptyDurations(schema, value, []),
  ];
  const wrongTypes = findings
    .filter((f) => f.ruleId === 'schema/type' || (f.ruleId === 'schema/format' && isDuration(schemaAt(schema, f.path))))
    .sort((a, b) => compareInDocument(value, a.path, b.path));
  const first = wrongTypes[0];
  if (first) return { findings: [first], decoded: false };
  const unknown = findings.filter((f) => f.ruleId === 'schema/unknown-field');
  if (unknown.length > 0 || hasDuplicateKeys) return { findings: unknown, decoded: false };
  return { findings: findings.flatMap((f) => missingAsTheServerSaysIt(f, schema)), decoded: true };
}

/**
 * A missing section is decoded as an empty one, so the server names the required fields inside
 * it (a missing `issuer` is reported as its `url` and `audiences`): the same paths here.
 */
export function missingAsTheServerSaysIt(finding: StructuralFinding, schema: SchemaNode): StructuralFinding[] {
  if (finding.ruleId !== 'schema/required') return [finding];
  const inner = (path: PathSegment[]): PathSegment[][] => {
    const node = schemaAt(schema, path);
    const required = node?.type === 'object' ? (node.required ?? []) : [];
    return required.length === 0 ? [path] : required.flatMap((field) => inner([...path, field]));
  };
  const section = String(finding.path.at(-1));
  return inner(finding.path).map((path) =>
    path.length === finding.path.length
      ? finding
      : {
          ...finding,
          path,
          message: `missing required field "${section}": the server needs its ${path.slice(finding.path.length).join('.')}`,
        },
  );
}

function isDuration(node: SchemaNode | undefined): boolean {
  return (node?.['x-platlint']?.format ?? node?.format) === 'duration';
}

/**
 * An empty duration string: the schema lets an optional empty string pass as "unset", but the
 * duration type parses every string it is given while decoding, and "" does not parse.
 */
function emptyDurations(node: SchemaNode | undefined, value: unknown, path: PathSegment[]): StructuralFinding[] {
  const found: StructuralFinding[] = [];
  collectEmptyDurations(node, value, path, found);
  return found;
}

/** emptyDurations' walk: it enters only what may hold a duration, and copies the path only for a finding. */
function collectEmptyDurations(
  node: SchemaNode | undefined,
  value: unknown,
  path: PathSegment[],
  found: StructuralFinding[],
): void {
  if (!node) return;
  if (value === '' && isDuration(node)) {
    found.push({
      ruleId: 'schema/format',
      path: [...path],
      target: 'value',
      message: '"" is not a duration such as 30s, 5m or 1h30m',
    });
    return;
  }
  if (value === null || typeof value !== 'object' || !mayHold(node, isDuration)) return;
  const entries: [PathSegment, unknown][] = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
  for (const [key, item] of entries) {
    path.push(key);
    collectEmptyDurations(typeof key === 'number' ? node.items : fieldSchema(node, key), item, path, found);
    path.pop();
  }
}

/** Orders two paths as their fields appear in the document (keys keep their source order). */
function compareInDocument(root: unknown, a: readonly PathSegment[], b: readonly PathSegment[]): number {
  let current = root;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [x, y] = [a[i] as PathSegment, b[i] as PathSegment];
    if (x !== y) {
      if (typeof x === 'number' && typeof y === 'number') return x - y;
      const keys = current !== null && typeof current === 'object' ? Object.keys(current) : [];
      return keys.indexOf(String(x)) - keys.indexOf(String(y));
    }
    current = current !== null && typeof current === 'object' ? (current as Record<string | number, unknown>)[x] : undefined;
  }
  return a.length - b.length;
}
