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
