import { catalog, platlintInfo } from '@platlint/core';
import type { KindInfo, SchemaNode } from '@platlint/core';

/**
 * Snippets (LSP snippet syntax) for a new object of a kind: apiVersion, kind, a name, and
 * every required field down the tree, with tab stops for the values to fill in.
 */
export function newObjectSnippet(info: KindInfo): string {
  const counter = { next: 1 };
  const lines = [`apiVersion: ${escape(info.apiVersion)}`, `kind: ${escape(info.kind)}`];
  const root = catalog.schema(info);
  // A served object needs a name even though the schema cannot say so (generateName is the alternative).
  if (info.resource && root.properties?.metadata) {
    lines.push('metadata:', `  name: \${${counter.next++}:name}`);
    if (info.namespaced) lines.push(`  namespace: \${${counter.next++}:default}`);
  }
  for (const key of root.required ?? []) {
    if (key === 'apiVersion' || key === 'kind' || key === 'metadata') continue;
    const child = root.properties?.[key];
    if (child) lines.push(...fieldLines(key, child, '', counter, 0));
  }
  return `${lines.join('\n')}\n$0`;
}

/** The snippet text of one field and its required descendants, at an indentation. */
function fieldLines(key: string, node: SchemaNode, indent: string, counter: { next: number }, depth: number): string[] {
  const name = escape(key);
  if (isObject(node)) {
    const required = depth < 6 ? (node.required ?? []).filter((k) => node.properties?.[k]) : [];
    if (required.length === 0) return [`${indent}${name}: {}`];
    return [
      `${indent}${name}:`,
      ...required.flatMap((k) => fieldLines(k, node.properties?.[k] as SchemaNode, `${indent}  `, counter, depth + 1)),
    ];
  }
  if (node.type === 'array') {
    const items = node.items;
    if (!items || depth >= 6) return [`${indent}${name}: []`];
    if (isObject(items)) {
      const required = (items.required ?? []).filter((k) => items.properties?.[k]);
      if (required.length === 0) return [`${indent}${name}: []`];
      const [first, ...rest] = required.map((k) =>
        fieldLines(k, items.properties?.[k] as SchemaNode, `${indent}    `, counter, depth + 1),
      );
      const head = (first ?? []).map((line, i) => (i === 0 ? `${indent}  - ${line.trimStart()}` : line));
      return [`${indent}${name}:`, ...head, ...rest.flat()];
    }
    return [`${indent}${name}:`, `${indent}  - ${placeholder(items, counter)}`];
  }
  return [`${indent}${name}: ${placeholder(node, counter)}`];
}

function isObject(node: SchemaNode): boolean {
  return node.type === 'object' || node.properties !== undefined;
}

/** A tab stop for a scalar: a choice of the allowed values, or the default, or the type. */
export function placeholder(node: SchemaNode, counter: { next: number }): string {
  const n = counter.next++;
  const choices = node.enum?.map(String) ?? (node.type === 'boolean' ? ['true', 'false'] : platlintInfo(node).knownValues);
  if (choices?.length) return `\${${n}|${choices.map((c) => c.replace(/[,|\\$}]/g, (m) => `\\${m}`)).join(',')}|}`;
  const hint = node.default !== undefined ? JSON.stringify(node.default) : (node.format ?? node.type ?? 'value');
  return `\${${n}:${escape(String(hint))}}`;
}

/** Escapes the characters snippets treat specially. */
export function escape(text: string): string {
  return text.replace(/[\\$}]/g, (m) => `\\${m}`);
}
