// What the webhook needs of each object the API hands it, checked before it is kept: the
// fields of ObjectMeta that identify an object and that selectors read, with the types
// upstream gives them (k8s.io/apimachinery/pkg/apis/meta/v1/types.go, ObjectMeta: name,
// namespace and resourceVersion are strings, labels and annotations map[string]string).
// An API server never stores anything else; a proxy or a broken server might send it, and
// one such item must not take the rest of the list down with it.
import { isObject, type JsonObject } from '../json.js';

function stringMapProblem(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) return `metadata.${field} is not a map of strings`;
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'string') return `metadata.${field}.${key} is ${v === null ? 'null' : typeof v}, not a string`;
  }
  return undefined;
}

/** Why an item of a list or watch cannot be kept, or undefined when it can. */
export function apiObjectProblem(item: unknown, namespaced: boolean | undefined): string | undefined {
  if (!isObject(item)) return `it is ${item === null ? 'null' : Array.isArray(item) ? 'an array' : typeof item}, not an object`;
  const metadata = item.metadata;
  if (!isObject(metadata))
    return `metadata is ${metadata === undefined ? 'missing' : metadata === null ? 'null' : 'not an object'}`;
  if (typeof metadata.name !== 'string' || metadata.name === '') return 'metadata.name is not a non-empty string';
  if (namespaced === true && (typeof metadata.namespace !== 'string' || metadata.namespace === ''))
    return 'metadata.namespace is missing, and the kind is namespaced';
  if (namespaced === false && metadata.namespace !== undefined && metadata.namespace !== '')
    return 'metadata.namespace is set, and the kind is cluster-scoped';
  if (metadata.resourceVersion !== undefined && typeof metadata.resourceVersion !== 'string')
    return 'metadata.resourceVersion is not a string';
  return stringMapProblem(metadata.labels, 'labels') ?? stringMapProblem(metadata.annotations, 'annotations');
}

/** The key an object is stored under: `namespace/name` (an empty namespace for cluster-scoped kinds). */
export function objectKey(object: JsonObject): string {
  const metadata = object.metadata as JsonObject;
  return `${typeof metadata.namespace === 'string' ? metadata.namespace : ''}/${String(metadata.name)}`;
}

/** A short name of an item for a warning, whatever its shape. */
export function describeItem(item: unknown): string {
  if (isObject(item) && isObject(item.metadata) && typeof item.metadata.name === 'string') {
    const name = item.metadata.name.length > 80 ? `${item.metadata.name.slice(0, 80)}…` : item.metadata.name;
    return typeof item.metadata.namespace === 'string' && item.metadata.namespace !== ''
      ? `${item.metadata.namespace}/${name}`
      : name;
  }
  return '(unnamed)';
}
