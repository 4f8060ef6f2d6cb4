import { gateEnabled } from '../config/feature-gates.js';
import type { Catalog } from '../kinds/catalog.js';
import type { LintObject, LintSettings } from '../rules/rule.js';
import { gatedFieldsIn, type GatedField } from '../schema/gated-fields.js';
import type { FieldPath } from '../source/field-path.js';
import { getOwn, setOwn } from '../source/own-property.js';

/**
 * The stage before structure and rules: the object as the server validates it. For built-in
 * kinds the server's create and update strategies drop the fields of a disabled feature gate
 * before validation (upstream pkg/api/pod/util.go dropDisabledFields and its dropDisabled*
 * callees, e.g. dropFileKeyRefInUse, dropContainerRestartRules,
 * dropDisabledPodCertificateProjection), so nothing inside such a field can be refused. On an
 * update (`--old`) upstream keeps a gate's fields when the stored object already uses that
 * gate (the `...InUse(oldPodSpec)` checks). Fields whose gate the server enforces by refusing
 * the object (`gateOff: 'refused'`) stay: feature-gate/gated-field reports them.
 * The dropped fields come from the schema's gate markers, the same ones gated-field reads.
 */
export function asValidated(
  object: LintObject,
  catalog: Catalog,
  settings: LintSettings,
  old: LintObject | undefined,
): LintObject {
  // Configuration files are decoded by the server, not prepared by a strategy: nothing is dropped.
  if (object.kind.scope === 'config') return object;
  const schema = catalog.schema(object.kind);
  const offGates = (field: GatedField) =>
    field.gates.filter((gate) => !gateEnabled(settings.featureGates, gate, settings.release));
  const dropped = gatedFieldsIn(object.value, schema).filter((field) => !field.refused && offGates(field).length > 0);
  if (dropped.length === 0) return object;
  const inUse = old
    ? new Set(gatedFieldsIn(old.value, catalog.schema(old.kind)).flatMap((field) => field.gates))
    : new Set<string>();
  const paths = dropped.filter((field) => !offGates(field).some((gate) => inUse.has(gate))).map((field) => field.path);
  if (paths.length === 0) return object;
  return { ...object, value: without(object.value, paths), written: object.value };
}

/** A copy of `root` without the fields at `paths`; only the objects along the paths are copied. */
function without(root: Record<string, unknown>, paths: readonly FieldPath[]): Record<string, unknown> {
  const copy = { ...root };
  for (const path of paths) {
    let parent: Record<string, unknown> | unknown[] | undefined = copy;
    for (const segment of path.slice(0, -1)) {
      const child: unknown = Array.isArray(parent) ? parent[segment as number] : getOwn(parent as object, String(segment));
      // An enclosing field went first (a gated field inside another one).
      if (child === null || typeof child !== 'object') {
        parent = undefined;
        break;
      }
      const childCopy = Array.isArray(child) ? [...(child as unknown[])] : { ...(child as Record<string, unknown>) };
      if (Array.isArray(parent)) parent[segment as number] = childCopy;
      else setOwn(parent as Record<string, unknown>, String(segment), childCopy);
      parent = childCopy;
    }
    const last = path.at(-1);
    if (parent && !Array.isArray(parent) && typeof last === 'string') delete parent[last];
  }
  return copy;
}
