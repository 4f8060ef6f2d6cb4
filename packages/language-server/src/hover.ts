import { platlintInfo } from '@platlint/core';
import type { Catalog, FieldPath, KindMatch, SchemaNode } from '@platlint/core';
import type { Hover, Position } from 'vscode-languageserver';
import { MarkupKind } from 'vscode-languageserver';
import { isRequired, kindOf, schemaFor, typeName } from './schema-lookup.js';
import { documentAt, documentHeader, keyPath, parseLine } from './yaml-outline.js';
import type { Lines } from './yaml-outline.js';

/** Documentation of the key (or value) under the cursor, from the schema tree. */
/** `catalog`: where kinds are looked up (the built-in one, or one with the workspace's custom kinds). */
export function hoverAt(lines: Lines, position: Position, catalog?: Catalog): Hover | null {
  const info = parseLine(lines.line(position.line));
  if (info.key === undefined || info.keyStart === undefined || info.keyEnd === undefined) return null;
  const onKey = position.character >= info.keyStart && position.character <= info.keyEnd;
  const onValue = info.valueStart !== undefined && position.character >= info.valueStart && info.value !== '';
  if (!onKey && !onValue) return null;
  const doc = documentAt(lines, position.line);
  const path = keyPath(lines, doc.start, position.line, info);
  if (!path) return null;
  const match = kindOf(documentHeader(lines, doc), catalog);
  const range = onKey
    ? { start: { line: position.line, character: info.keyStart }, end: { line: position.line, character: info.keyEnd } }
    : {
        start: { line: position.line, character: info.valueStart as number },
        end: { line: position.line, character: (info.valueStart as number) + (info.value as string).length },
      };
  if (path.length === 1 && (path[0] === 'apiVersion' || path[0] === 'kind') && match) {
    return { contents: { kind: MarkupKind.Markdown, value: kindSummary(match) }, range };
  }
  if (!match) return null;
  const node = schemaFor(match, path);
  if (!node) return null;
  return {
    contents: { kind: MarkupKind.Markdown, value: fieldDocumentation(path, node, schemaFor(match, path.slice(0, -1))) },
    range,
  };
}

export function kindSummary(match: KindMatch): string {
  const { info } = match;
  const root = schemaFor({ info, isList: false }, []);
  const title = match.isList
    ? `**${info.listKind ?? `${info.kind}List`}** (\`${info.apiVersion}\`): a list of ${info.kind} objects`
    : `**${info.kind}** (\`${info.apiVersion}\`)`;
  const lines = [title, ''];
  if (root?.description) lines.push(root.description, '');
  const facts: string[] = [];
  if (info.scope === 'config') facts.push('A configuration file read by the API server, not an object it serves.');
  else facts.push(info.namespaced ? 'Namespaced.' : 'Cluster-scoped.');
  if (info.resource)
    facts.push(
      `Resource: \`${info.resource}\`${info.subresources.length ? ` (subresources: ${info.subresources.map((s) => `\`${s}\``).join(', ')})` : ''}.`,
    );
  if (info.deprecated) facts.push(`**Deprecated:** ${info.deprecated}.`);
  const gates = root ? platlintInfo(root).featureGates : undefined;
  if (gates?.length) facts.push(`Feature gate: ${gates.map((g) => `\`${g}\``).join(', ')}.`);
  const spec = root ? platlintInfo(root).spec : undefined;
  if (spec) facts.push(`Spec: document ${spec}.`);
  lines.push(...facts.map((f) => `- ${f}`));
  return lines.join('\n');
}

/** Everything the schema says about a field, as Markdown. */
export function fieldDocumentation(path: FieldPath, node: SchemaNode, parent: SchemaNode | undefined): string {
  const name = [...path].reverse().find((s) => typeof s === 'string') ?? '';
  const x = platlintInfo(node);
  const out = [`**${name}**: \`${typeName(node)}\``, ''];
  if (node.description) out.push(node.description, '');
  const facts: string[] = [];
  const key = path.at(-1);
  if (typeof key === 'string' && isRequired(parent, key)) facts.push('Required.');
  if (node.default !== undefined) facts.push(`Default: \`${JSON.stringify(node.default)}\`.`);
  if (node.enum) facts.push(`Allowed values: ${node.enum.map((v) => `\`${String(v)}\``).join(', ')}.`);
  if (x.knownValues?.length)
    facts.push(`Known values: ${x.knownValues.map((v) => `\`${v}\``).join(', ')} (others are accepted).`);
  const limits = limitsOf(node);
  if (limits) facts.push(`${limits}.`);
  if (x.format) facts.push(`Format: ${x.format}.`);
  if (x.immutable) facts.push('Immutable: it cannot change once the object exists.');
  if (x.featureGates?.length) facts.push(`Feature gate: ${x.featureGates.map((g) => `\`${g}\``).join(', ')}.`);
  if (x.deprecated) facts.push(`**Deprecated:** ${x.deprecated}.`);
  if (x.union)
    facts.push(
      `${x.union === 'exactlyOne' ? 'Exactly one' : 'At most one'} of: ${(x.unionMembers ?? []).map((m) => `\`${m}\``).join(', ')}.`,
    );
  if (x.spec) facts.push(`Spec: document ${x.spec}.`);
  out.push(...facts.map((f) => `- ${f}`));
  return out.join('\n').trimEnd();
}

function limitsOf(node: SchemaNode): string | undefined {
  const parts: string[] = [];
  if (node.minimum !== undefined) parts.push(`minimum ${node.minimum}`);
  if (node.maximum !== undefined) parts.push(`maximum ${node.maximum}`);
  if (node.minLength !== undefined) parts.push(`at least ${node.minLength} characters`);
  if (node.maxLength !== undefined) parts.push(`at most ${node.maxLength} characters`);
  if (node.minItems !== undefined) parts.push(`at least ${node.minItems} items`);
  if (node.maxItems !== undefined) parts.push(`at most ${node.maxItems} items`);
  if (node.pattern) parts.push(`pattern \`${node.pattern}\``);
  if (parts.length === 0) return undefined;
  const text = parts.join(', ');
  return `Limits: ${text}`;
}
