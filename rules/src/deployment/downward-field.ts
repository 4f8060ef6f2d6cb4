import type { MessageRef, PathSegment } from '@platlint/core';
import { formats } from '../kit/names.js';
import type { Obj } from '../kit/objects.js';

/**
 * A downward-API `fieldRef.fieldPath` as the API server reads it. Before checking a path against
 * the fields an env variable or a downwardAPI file may read, the server converts it to its
 * internal name (upstream pkg/apis/core/pods/helpers.go, ConvertDownwardAPIFieldLabel, called by
 * validateObjectFieldSelector): `spec.host`, the name old v1 clients send, becomes
 * `spec.nodeName`. Every other accepted path keeps its name.
 */
const RENAMED: ReadonlyMap<string, string> = new Map([['spec.host', 'spec.nodeName']]);

/** `metadata.labels['KEY']` or `metadata.annotations['KEY']`: one label or annotation by key. */
const SUBSCRIPTED_FIELD = /^metadata\.(labels|annotations)\['[^']*'\]$/;

export function serverFieldPath(fieldPath: string): string {
  return RENAMED.get(fieldPath) ?? fieldPath;
}

/** Whether `fieldPath`, once converted, is one of `fields` or a label or annotation by key. */
export function readsAllowedField(fieldPath: string, fields: ReadonlySet<string>): boolean {
  const converted = serverFieldPath(fieldPath);
  return fields.has(converted) || SUBSCRIPTED_FIELD.test(converted);
}

/** The messages of fieldRefFinding's findings, for the meta.messages of each rule that reports them. */
export const FIELD_REF_MESSAGES = {
  fieldRefApiVersion:
    'fieldRef apiVersion "{{apiVersion}}" is not supported; the downward API reads the pod as v1, so use v1 or leave it out',
  fieldRefKey: '{{map}} key "{{key}}" in fieldPath {{problem}}',
} as const;

/**
 * What the server refuses in a fieldRef beyond the field it names (upstream
 * pkg/apis/core/validation/validation.go, validateObjectFieldSelector, and
 * pkg/apis/core/pods/helpers.go, ConvertDownwardAPIFieldLabel):
 *
 * - an `apiVersion` other than `v1` (an empty one is defaulted to `v1` first);
 * - a label key that is not a qualified name, or an annotation key that is not one once
 *   lowercased (annotation keys are matched without case). Upstream reports these on the fieldRef.
 */
export function fieldRefFinding(fieldRef: Obj): FieldRefFinding | undefined {
  const { apiVersion, fieldPath } = fieldRef;
  if (typeof apiVersion === 'string' && apiVersion !== '' && apiVersion !== 'v1')
    return { below: ['apiVersion'], messageId: 'fieldRefApiVersion', data: { apiVersion } };
  if (typeof fieldPath !== 'string') return undefined;
  const subscript = SUBSCRIPT.exec(fieldPath);
  if (!subscript) return undefined;
  const [, map, key] = subscript as unknown as [string, string, string];
  const problem = formats['label-key'](map === 'annotations' ? key.toLowerCase() : key);
  return problem
    ? { below: [], messageId: 'fieldRefKey', data: { map: map === 'annotations' ? 'annotation' : 'label', key, problem } }
    : undefined;
}

/**
 * A finding of fieldRefFinding: its message, and where it goes below the fieldRef (its
 * apiVersion, or the fieldRef itself). A finding, not a report, so that a rule makes the path
 * only when there is one: most fieldRefs have nothing to report.
 */
export interface FieldRefFinding extends MessageRef {
  readonly below: readonly PathSegment[];
}

/** The map and key of `metadata.labels['KEY']` or `metadata.annotations['KEY']`. */
const SUBSCRIPT = /^metadata\.(labels|annotations)\['(.*)'\]$/;
