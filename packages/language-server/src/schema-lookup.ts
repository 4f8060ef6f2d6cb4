import { catalog as builtinCatalog, platlintInfo, schemaAt } from '@platlint/core';
import type { Catalog, FieldPath, KindInfo, KindMatch, SchemaNode } from '@platlint/core';
import type { DocumentHeader } from './yaml-outline.js';

/** The kind a document declares, when the catalog (the built-in one, or one with the workspace's custom kinds) knows it. */
export function kindOf(header: DocumentHeader, catalog: Catalog = builtinCatalog): KindMatch | undefined {
  return header.apiVersion && header.kind ? catalog.lookup(header.apiVersion, header.kind) : undefined;
}

/**
 * The schema of the value at `path` in a document of this kind. A List's items are objects
 * of the kind; the rest of a List is its envelope type.
 */
export function schemaFor(match: KindMatch, path: FieldPath): SchemaNode | undefined {
  // A kind's schema does not depend on the catalog it was found in (a custom kind carries its own).
  const catalog = builtinCatalog;
  const root = catalog.schema(match.info);
  if (!match.isList) return schemaAt(root, path);
  if (path[0] === 'items' && path.length >= 2) return schemaAt(root, path.slice(2));
  const envelope = catalog.typeSchema(match.info.entry.list?.type ?? '');
  return schemaAt(envelope, path);
}

/** A short name for the type of a node: `integer (int32)`, `array of Container`, `map of string to string`. */
export function typeName(node: SchemaNode): string {
  if (node['x-kubernetes-int-or-string']) return 'integer or string';
  const typeId = platlintInfo(node).typeId;
  const named = typeId && node.properties ? shortTypeName(typeId) : undefined;
  if (node.type === 'array') return `array of ${node.items ? typeName(node.items) : 'values'}`;
  if (named) return named;
  if (!node.properties && node.additionalProperties) return `map of string to ${typeName(node.additionalProperties)}`;
  if (node.type === 'object' || node.properties) return 'object';
  if (!node.type) return 'any value';
  return node.format && node.type !== 'string'
    ? `${node.type} (${node.format})`
    : node.format
      ? `string (${node.format})`
      : node.type;
}

function shortTypeName(typeId: string): string {
  return typeId.slice(typeId.lastIndexOf('.') + 1);
}

/** Whether the field `key` is required in the object described by `parent`. */
export function isRequired(parent: SchemaNode | undefined, key: string): boolean {
  return parent?.required?.includes(key) ?? false;
}

/** The apiVersion/kind pairs a document can declare (lintable kinds, then their Lists). */
export function kindChoices(catalog: Catalog = builtinCatalog): { info: KindInfo; kind: string; isList: boolean }[] {
  const out: { info: KindInfo; kind: string; isList: boolean }[] = [];
  for (const info of catalog.kinds) if (info.lintable) out.push({ info, kind: info.kind, isList: false });
  for (const info of catalog.kinds) if (info.lintable && info.listKind) out.push({ info, kind: info.listKind, isList: true });
  return out;
}
