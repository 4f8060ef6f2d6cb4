import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { DocumentSymbol, Location, Position } from 'vscode-languageserver';
import { SymbolKind } from 'vscode-languageserver';
import { listManifestFiles, readBoundedFileSync } from '@platlint/core';
import { documentAt, documentHeader, documentSpans, keyPath, linesOf, parseLine, unquote } from './yaml-outline.js';
import type { Lines } from './yaml-outline.js';

/** An object declared in a file: its kind and name, and where its name is written. */
export interface DeclaredObject {
  uri: string;
  apiVersion: string;
  kind: string;
  name: string;
  namespace: string | undefined;
  line: number;
  /** A policy's `spec.paramKind.kind`, for following a binding's paramRef. */
  paramKind?: string;
}

/** One symbol per YAML document: its kind and name. */
export function documentSymbols(lines: Lines): DocumentSymbol[] {
  const symbols: DocumentSymbol[] = [];
  for (const span of documentSpans(lines)) {
    const header = documentHeader(lines, span);
    if (!header.kind && !header.name) continue;
    const last = Math.max(span.start, span.end - 1);
    const range = { start: { line: span.start, character: 0 }, end: { line: last, character: lines.line(last).length } };
    const at = header.nameLine ?? header.kindLine ?? span.start;
    const selection = { start: { line: at, character: 0 }, end: { line: at, character: lines.line(at).length } };
    symbols.push({
      name: `${header.kind ?? 'object'} ${header.name ?? `(document ${span.index + 1})`}`,
      detail: [header.apiVersion, header.namespace && `namespace ${header.namespace}`].filter(Boolean).join(', '),
      kind: SymbolKind.Object,
      range,
      selectionRange: selection,
    });
  }
  return symbols;
}

function declaredObjects(uri: string, lines: Lines): DeclaredObject[] {
  const out: DeclaredObject[] = [];
  for (const span of documentSpans(lines)) {
    const header = documentHeader(lines, span);
    if (!header.kind || !header.name || header.nameLine === undefined) continue;
    const object: DeclaredObject = {
      uri,
      apiVersion: header.apiVersion ?? '',
      kind: header.kind,
      name: header.name,
      namespace: header.namespace,
      line: header.nameLine,
    };
    if (header.kind === 'MutatingAdmissionPolicy') object.paramKind = valueAtPath(lines, span, ['spec', 'paramKind', 'kind']);
    out.push(object);
  }
  return out;
}

function valueAtPath(lines: Lines, span: { start: number; end: number }, path: readonly string[]): string | undefined {
  const last = path.at(-1);
  for (let i = span.start; i < span.end; i++) {
    const info = parseLine(lines.line(i));
    if (info.key !== last || !info.value) continue;
    const at = keyPath(lines, span.start, i, info);
    if (at && at.length === path.length && at.every((s, k) => s === path[k])) return unquote(info.value);
  }
  return undefined;
}

/** A reference from one object to another by name: which field, and what it names. */
interface Reference {
  kind: string;
  path: string;
  /** The kind of the object named; for a paramRef, the policy's paramKind. */
  target: (
    doc: { lines: Lines; span: { start: number; end: number } },
    find: (kind: string, name: string) => DeclaredObject | undefined,
  ) => string | undefined;
}

const REFERENCES: readonly Reference[] = [
  { kind: 'MutatingAdmissionPolicyBinding', path: 'spec.policyName', target: () => 'MutatingAdmissionPolicy' },
  {
    kind: 'MutatingAdmissionPolicyBinding',
    path: 'spec.paramRef.name',
    target: (doc, find) => {
      const policy = valueAtPath(doc.lines, doc.span, ['spec', 'policyName']);
      return (policy && find('MutatingAdmissionPolicy', policy)?.paramKind) || '*';
    },
  },
  { kind: 'PodGroup', path: 'spec.parentCompositePodGroupName', target: () => 'CompositePodGroup' },
  { kind: 'CompositePodGroup', path: 'spec.parentCompositePodGroupName', target: () => 'CompositePodGroup' },
  { kind: 'FlowSchema', path: 'spec.priorityLevelConfiguration.name', target: () => 'PriorityLevelConfiguration' },
];

/**
 * Objects of the open documents and the workspace's YAML files, for go to definition.
 * Files on disk are read when first needed and again when their modification time changes.
 */
export class ObjectIndex {
  private readonly onDisk = new Map<string, { mtime: number; objects: DeclaredObject[] }>();
  private files: string[] | undefined;

  constructor(
    private readonly roots: readonly string[],
    private readonly openDocuments: () => Iterable<{ uri: string; path: string | undefined; lines: Lines }>,
  ) {}

  /** Files were created or deleted: list the workspace again next time. */
  filesChanged(): void {
    this.files = undefined;
  }

  /** The object that the field under the cursor names, if it is a reference. */
  definition(lines: Lines, position: Position): Location | null {
    const info = parseLine(lines.line(position.line));
    if (info.key === undefined || !info.value || info.valueStart === undefined || position.character < info.valueStart)
      return null;
    const doc = documentAt(lines, position.line);
    const header = documentHeader(lines, doc);
    const path = keyPath(lines, doc.start, position.line, info)?.join('.');
    const reference = REFERENCES.find((r) => r.kind === header.kind && r.path === path);
    if (!reference) return null;
    const name = unquote(info.value);
    const all = this.objects();
    const find = (kind: string, objectName: string): DeclaredObject | undefined => {
      const candidates = all.filter((o) => (kind === '*' || o.kind === kind) && o.name === objectName);
      // Namespaced references point into the referrer's namespace when there is a choice.
      return candidates.find((o) => o.namespace === header.namespace) ?? candidates[0];
    };
    const kind = reference.target({ lines, span: doc }, find);
    const found = kind ? find(kind, name) : undefined;
    if (!found) return null;
    return { uri: found.uri, range: { start: { line: found.line, character: 0 }, end: { line: found.line, character: 0 } } };
  }

  private objects(): DeclaredObject[] {
    const out: DeclaredObject[] = [];
    const open = new Set<string>();
    for (const doc of this.openDocuments()) {
      if (doc.path) open.add(doc.path);
      out.push(...declaredObjects(doc.uri, doc.lines));
    }
    this.files ??= listManifestFiles(this.roots, 5000);
    for (const file of this.files) if (!open.has(file)) out.push(...this.fromDisk(file));
    return out;
  }

  private fromDisk(file: string): DeclaredObject[] {
    let mtime: number;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      return [];
    }
    const cached = this.onDisk.get(file);
    if (cached?.mtime === mtime) return cached.objects;
    let objects: DeclaredObject[] = [];
    try {
      const text = readBoundedFileSync(file).toString('utf8');
      if (/^kind:/m.test(text)) objects = declaredObjects(pathToFileURL(file).href, linesOf(text));
    } catch {
      objects = [];
    }
    this.onDisk.set(file, { mtime, objects });
    return objects;
  }
}
