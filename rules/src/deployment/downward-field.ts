import type { RuleContext } from '@platlint/core';
import { formats } from '../kit/names.js';
import type { Obj } from '../kit/objects.js';
import type { PathTo } from '../kit/paths.js';

/**
 * A downward-API `fieldRef.fieldPath` as the API server reads it. Before checking a path against
 * the fields an env variable or a downwardAPI file may read, the server converts it to its
 * internal name (upstream pkg/apis/core/pods/helpers.go, ConvertDownwardAPIFieldLabel, called by
 * validateObjectFieldSelector): `spec.host`, the name old v1 clients send, becomes
 * `spec.nodeName`. Every other accepted path keeps its name.
 */
const RENAMED: Readonly<Record<string, string>> = { 'spec.host': 'spec.nodeName' };

/** `metadata.labels['KEY']` or `metadata.annotations['KEY']`: one label or annotation by key. */
const SUBSCRIPTED_FIELD = /^metadata\.(labels|annotations)\['[^']*'\]$/;

export function serverFieldPath(fieldPath: string): string {
  return Object.hasOwn(RENAMED, fieldPath) ? (RENAMED[fieldPath] as string) : fieldPath;
}

/** Whether `fieldPath`, once converted, is one of `fields` or a label or annotation by key. */
export function readsAllowedField(fieldPath: string, fields: ReadonlySet<string>): boolean {
  const converted = serverFieldPath(fieldPath);
  return fields.has(converted) || SUBSCRIPTED_FIELD.test(converted);
}

/** The messages of reportFieldRefDetails, for the meta.messages of each rule that calls it. */
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
export function reportFieldRefDetails(context: RuleContext, fieldRef: Obj, at: PathTo): void {
  const { apiVersion, fieldPath } = fieldRef;
  if (typeof apiVersion === 'string' && apiVersion !== '' && apiVersion !== 'v1') {
    context.report({ path: at('apiVersion'), messageId: 'fieldRefApiVersion', data: { apiVersion } });
    return;
  }
  if (typeof fieldPath !== 'string') return;
  const subscript = SUBSCRIPT.exec(fieldPath);
  if (!subscript) return;
  const [, map, key] = subscript as unknown as [string, string, string];
  const problem = formats['label-key'](map === 'annotations' ? key.toLowerCase() : key);
  if (problem)
    context.report({
      path: at(),
      messageId: 'fieldRefKey',
      data: { map: map === 'annotations' ? 'annotation' : 'label', key, problem },
    });
}

/** The map and key of `metadata.labels['KEY']` or `metadata.annotations['KEY']`. */
const SUBSCRIPT = /^metadata\.(labels|annotations)\['(.*)'\]$/;
