import { catalog as builtinCatalog, platlintInfo } from '@platlint/core';
import type { Catalog } from '@platlint/core';
import type { FieldPath, KindMatch, SchemaNode } from '@platlint/core';
import type { CompletionItem, Position, Range } from 'vscode-languageserver';
import { CompletionItemKind, InsertTextFormat, InsertTextMode, MarkupKind } from 'vscode-languageserver';
import { celMembers, celPlaceOf, celVariables } from './cel-places.js';
import { fieldDocumentation, kindSummary } from './hover.js';
import { isRequired, kindChoices, kindOf, schemaFor, typeName } from './schema-lookup.js';
import { escape, newObjectSnippet, placeholder } from './snippets.js';
import {
  containerPath,
  documentAt,
  documentHeader,
  enclosingBlockScalar,
  itemIndex,
  keyPath,
  parseLine,
  siblingKeys,
  unquote,
} from './yaml-outline.js';
import type { DocumentHeader, Lines } from './yaml-outline.js';

const KEY_PREFIX = /^(\s*)((?:-[ \t]+)*)([^\s:#'"{}[\],]*)$/;

/** Completion at a position: keys, values, kinds, new objects, or CEL variables. */
/** `catalog`: the kinds to complete and look up (the built-in ones, and the workspace's custom kinds). */
export function completeAt(lines: Lines, position: Position, catalog: Catalog = builtinCatalog): CompletionItem[] {
  const text = lines.line(position.line);
  const before = text.slice(0, position.character);
  const doc = documentAt(lines, position.line);
  const header = documentHeader(lines, doc);
  const match = kindOf(header, catalog);

  const block = enclosingBlockScalar(lines, doc.start, position.line);
  if (block) {
    const place = match && celPlaceOf(match, block.path);
    return place ? completeCel(place, before, position, lines, doc) : [];
  }

  const keyed = parseLine(before);
  if (keyed.key !== undefined && keyed.valueStart !== undefined && before.length >= keyed.indent) {
    const path = keyPath(lines, doc.start, position.line, keyed) as FieldPath;
    const value = before.slice(keyed.valueStart);
    const place = match && celPlaceOf(match, path);
    if (place) return completeCel(place, value.replace(/^["']/, ''), position, lines, doc);
    return completeValue(path, header, match, value, position, before.endsWith(':'), catalog);
  }

  const prefix = KEY_PREFIX.exec(before);
  if (!prefix) return [];
  const word = prefix[3] as string;
  const column = before.length - word.length;
  const info = parseLine(before);
  const path = containerPath(lines, doc.start, position.line, info.dashes[0] ?? column, info.dashes.length > 0);
  for (const dash of info.dashes) path.push(itemIndex(lines, doc.start, position.line, dash));
  const range: Range = { start: { line: position.line, character: column }, end: position };
  const present = siblingKeys(lines, doc.start, doc.end, position.line, column);
  if (path.length === 0 && !match) return topLevelItems(header, present, range, catalog);
  if (!match) return [];
  const node = schemaFor(match, path);
  if (!node?.properties) return [];
  return Object.entries(node.properties)
    .filter(([key, child]) => !present.has(key) && !platlintInfo(child).status && !(path.length === 0 && key === 'status'))
    .map(([key, child]) => keyItem(key, child, node, [...path, key], range));
}

function keyItem(key: string, node: SchemaNode, parent: SchemaNode, path: FieldPath, range: Range): CompletionItem {
  const required = isRequired(parent, key);
  const deprecated = platlintInfo(node).deprecated !== undefined;
  return {
    label: key,
    kind: CompletionItemKind.Property,
    detail: `${typeName(node)}${required ? ' (required)' : ''}`,
    documentation: { kind: MarkupKind.Markdown, value: fieldDocumentation(path, node, parent) },
    sortText: `${required ? '0' : deprecated ? '2' : '1'}${key}`,
    filterText: key,
    tags: deprecated ? [1] : undefined,
    textEdit: { range, newText: keySnippet(key, node) },
    insertTextFormat: InsertTextFormat.Snippet,
    // The client indents the snippet's lines like the line the cursor is on.
    insertTextMode: InsertTextMode.adjustIndentation,
  };
}

function keySnippet(key: string, node: SchemaNode): string {
  const name = escape(key);
  if (node.type === 'array') return `${name}:\n  - $0`;
  if (node.type === 'object' || node.properties || node.additionalProperties) return `${name}:\n  $0`;
  return `${name}: ${placeholder(node, { next: 1 })}`;
}

/** At the top of a document that declares no known kind yet: a whole new object, or apiVersion/kind. */
function topLevelItems(header: DocumentHeader, present: Set<string>, range: Range, catalog: Catalog): CompletionItem[] {
  const items: CompletionItem[] = [];
  if (present.size === 0) {
    for (const info of catalog.kinds) {
      if (!info.lintable) continue;
      items.push({
        label: `${info.kind} (${info.apiVersion})`,
        kind: CompletionItemKind.Snippet,
        detail: `New ${info.kind} with its required fields`,
        documentation: { kind: MarkupKind.Markdown, value: kindSummary({ info, isList: false }) },
        sortText: `0${info.kind}`,
        filterText: info.kind,
        textEdit: { range, newText: newObjectSnippet(info) },
        insertTextFormat: InsertTextFormat.Snippet,
        insertTextMode: InsertTextMode.adjustIndentation,
      });
    }
  }
  for (const key of ['apiVersion', 'kind']) {
    if (present.has(key) || (key === 'apiVersion' && header.apiVersion) || (key === 'kind' && header.kind)) continue;
    items.push({
      label: key,
      kind: CompletionItemKind.Property,
      sortText: `1${key}`,
      textEdit: { range, newText: `${key}: ` },
      command: { title: 'Suggest', command: 'editor.action.triggerSuggest' },
    });
  }
  return items;
}

function completeValue(
  path: FieldPath,
  header: DocumentHeader,
  match: KindMatch | undefined,
  value: string,
  position: Position,
  needsSpace: boolean,
  catalog: Catalog,
): CompletionItem[] {
  const start = position.character - value.length;
  const range: Range = { start: { line: position.line, character: start }, end: position };
  const lead = needsSpace ? ' ' : '';
  if (path.length === 1 && path[0] === 'apiVersion') {
    const versions = new Map<string, string[]>();
    for (const choice of kindChoices(catalog)) {
      if (choice.isList || (header.kind && header.kind !== choice.kind)) continue;
      versions.set(choice.info.apiVersion, [...(versions.get(choice.info.apiVersion) ?? []), choice.kind]);
    }
    return [...versions].map(([apiVersion, kinds]) => ({
      label: apiVersion,
      kind: CompletionItemKind.Module,
      detail: kinds.join(', '),
      textEdit: { range, newText: lead + apiVersion },
    }));
  }
  if (path.length === 1 && path[0] === 'kind') {
    return (
      kindChoices(catalog)
        // A known apiVersion narrows the kinds to its own; an unknown or missing one does not.
        .filter((c) => !header.apiVersion || !kindServedBy(header.apiVersion, catalog) || c.info.apiVersion === header.apiVersion)
        .map((c) => ({
          label: c.kind,
          kind: CompletionItemKind.Class,
          detail: c.info.apiVersion,
          documentation: { kind: MarkupKind.Markdown, value: kindSummary({ info: c.info, isList: c.isList }) },
          sortText: `${c.isList ? '1' : '0'}${c.kind}/${c.info.apiVersion}`,
          textEdit: { range, newText: lead + c.kind },
          // The pair goes in together: a document without an apiVersion gets this kind's.
          additionalTextEdits: header.apiVersion
            ? undefined
            : [
                {
                  range: { start: { line: position.line, character: 0 }, end: { line: position.line, character: 0 } },
                  newText: `apiVersion: ${c.info.apiVersion}\n`,
                },
              ],
        }))
    );
  }
  if (!match) return [];
  const node = schemaFor(match, path);
  if (!node) return [];
  const values = node.enum?.map(String) ?? (node.type === 'boolean' ? ['true', 'false'] : []);
  const known = platlintInfo(node).knownValues ?? [];
  const items: CompletionItem[] = [];
  const seen = new Set<string>();
  for (const v of [...values, ...known]) {
    if (seen.has(v)) continue;
    seen.add(v);
    items.push({
      label: v,
      kind: CompletionItemKind.EnumMember,
      detail: node.default !== undefined && String(node.default) === v ? 'default' : undefined,
      sortText: `${node.default !== undefined && String(node.default) === v ? '0' : '1'}${v}`,
      textEdit: { range, newText: lead + yamlScalar(v, node) },
    });
  }
  if (items.length === 0 && node.default !== undefined && (typeof node.default !== 'object' || node.default === null)) {
    const v = String(node.default);
    items.push({
      label: v,
      kind: CompletionItemKind.Value,
      detail: 'default',
      textEdit: { range, newText: lead + yamlScalar(v, node) },
    });
  }
  return items;
}

function kindServedBy(apiVersion: string, catalog: Catalog): boolean {
  return catalog.kinds.some((k) => k.lintable && k.apiVersion === apiVersion);
}

/** A string value that YAML would read as another type is quoted. */
function yamlScalar(value: string, node: SchemaNode): string {
  if (node.type === 'string' && /^(true|false|yes|no|on|off|null|~|[-+]?[0-9.]+)$/i.test(value)) return JSON.stringify(value);
  return value;
}

const MEMBER = /([A-Za-z_]\w*)((?:\.[A-Za-z_]\w*)*)\.(\w*)$/;
const WORD = /([A-Za-z_]\w*)?$/;

function completeCel(
  place: NonNullable<ReturnType<typeof celPlaceOf>>,
  before: string,
  position: Position,
  lines: Lines,
  doc: { start: number; end: number },
): CompletionItem[] {
  const member = MEMBER.exec(before);
  if (member) {
    const root = member[1] as string;
    const chain = (member[2] as string).split('.').filter(Boolean);
    const typed = member[3] as string;
    const range: Range = { start: { line: position.line, character: position.character - typed.length }, end: position };
    if (root === 'variables' && chain.length === 0) {
      return policyVariables(lines, doc).map((name) => ({
        label: name,
        kind: CompletionItemKind.Variable,
        detail: 'variable of this policy',
        textEdit: { range, newText: name },
      }));
    }
    return celMembers(place, root, chain).map((m) => ({
      label: m.name,
      kind: CompletionItemKind.Field,
      detail: m.type,
      documentation: m.description || undefined,
      textEdit: { range, newText: m.name },
    }));
  }
  const typed = WORD.exec(before)?.[1] ?? '';
  const range: Range = { start: { line: position.line, character: position.character - typed.length }, end: position };
  return celVariables(place).map((v) => ({
    label: v.name,
    kind: CompletionItemKind.Variable,
    detail: 'CEL variable',
    documentation: v.description,
    textEdit: { range, newText: v.name },
  }));
}

/** Names of `spec.variables[*].name` in the policy, read from the text (it may not parse while typing). */
function policyVariables(lines: Lines, doc: { start: number; end: number }): string[] {
  const names: string[] = [];
  for (let i = doc.start; i < doc.end; i++) {
    const info = parseLine(lines.line(i));
    if (info.key !== 'name' || !info.value) continue;
    const path = keyPath(lines, doc.start, i, info);
    if (path?.length === 4 && path[0] === 'spec' && path[1] === 'variables') names.push(unquote(info.value));
  }
  return names;
}
