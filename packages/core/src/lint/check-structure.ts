import type { KindInfo } from '../kinds/catalog.js';
import type { Catalog } from '../kinds/catalog.js';
import { validateCustomResource } from '../custom-resources/validate.js';
import type { LintObject } from '../rules/rule.js';
import { valueAt } from '../rules/rule.js';
import { schemaAt, type SchemaNode } from '../schema/tree.js';
import { intRangeOf } from '../validate/json-schema.js';
import { validateStructure, type StructuralFinding } from '../validate/validator.js';
import { decodeConfig, missingAsTheServerSaysIt } from './config-loading.js';
import { placeFinding, type FileFindings } from './place-reports.js';

/** Places the structural findings of an object; false when the object could not be decoded. */
export function checkStructure(p: FileFindings, object: LintObject, catalog: Catalog): boolean {
  const schema = catalog.schema(object.kind);
  // List items may leave apiVersion and kind out; the list says what they are.
  const value = object.prefix.length
    ? { apiVersion: object.kind.apiVersion, kind: object.kind.kind, ...object.value }
    : object.value;
  const custom = catalog.customVersion(object.kind);
  const { findings, decoded } =
    object.kind.scope === 'config'
      ? decodeConfig(
          schema,
          value,
          p.file.diagnostics.some((d) => d.document === object.document && d.ruleId === 'yaml/duplicate-key'),
        )
      : {
          findings: custom
            ? validateCustomResource(custom, value).findings
            : validateStructure(schema, value).flatMap((f) => (isMissingSpec(f) ? missingAsTheServerSaysIt(f, schema) : [f])),
          decoded: true,
        };
  for (const finding of findings) {
    const dropped = statusDropped(object.kind, schema, value, finding);
    placeFinding(
      p,
      object.document,
      {
        ...finding,
        path: [...object.prefix, ...finding.path],
        ...(dropped
          ? {
              message: `${finding.message} (status is dropped when the object is created or updated; only writes to the status subresource check it)`,
            }
          : {}),
      },
      dropped ? 'warning' : 'error',
    );
  }
  return decoded;
}

/**
 * A missing top-level spec of a kind that requires one. Every kind's spec is a Go struct held
 * by value, so the server reads a missing one as an empty one and names the required fields
 * inside it (ValidateMutatingAdmissionPolicy: spec.matchConstraints, spec.mutations, ...).
 */
function isMissingSpec(finding: StructuralFinding): boolean {
  return finding.ruleId === 'schema/required' && finding.path.length === 1 && finding.path[0] === 'spec';
}

/** Value checks the server makes only when it validates a value, not when it decodes it. */
const VALUE_CHECKS: ReadonlySet<string> = new Set([
  'schema/enum',
  'schema/format',
  'schema/length',
  'schema/range',
  'schema/required',
]);

/**
 * True for a value check under the top-level `status` of a kind with a status subresource: the
 * server resets status on create and keeps the stored one on update, so such a value is
 * accepted (and dropped); only a status write would refuse it. What cannot be decoded (a wrong
 * type, an integer beyond its width, an unknown field under strict validation) still fails.
 */
function statusDropped(kind: KindInfo, schema: SchemaNode, root: Record<string, unknown>, finding: StructuralFinding): boolean {
  if (finding.path[0] !== 'status' || !kind.subresources.includes('status') || !VALUE_CHECKS.has(finding.ruleId)) return false;
  if (finding.ruleId !== 'schema/range') return true;
  const width = intRangeOf(schemaAt(schema, finding.path));
  const actual = valueAt(root, finding.path);
  return !width || typeof actual !== 'number' || (actual >= width[0] && actual <= width[1]);
}
