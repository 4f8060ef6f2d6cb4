import type { Severity } from '../diagnostics.js';
import { catalog } from '../kinds/catalog.js';
import type { KindInfo } from '../kinds/catalog.js';
import type { SchemaNode } from '../schema/tree.js';
import type { ScalarSource } from '../source/cst-locate.js';
import type { FieldPath } from '../source/field-path.js';
import { closest } from '../validate/validator.js';
import type { MessageRef, ReportText } from './messages.js';

/**
 * A rule is a module with `meta` and `check`, in the manner of ESLint rules. `check` looks
 * at one object and calls `context.report` for each problem; the engine places the report
 * in the source, applies configuration and suppressions, and formats it.
 */
export interface RuleMeta {
  /** `area/name`, e.g. `deployment/selector-matches-template`. */
  id: string;
  /** One line, shown by `platlint rules`. */
  description: string;
  /** Group-kinds the rule checks (`Deployment.apps`, `Endpoints`), or '*' for every kind. */
  kinds: readonly string[] | '*';
  severity: Severity;
  /**
   * Whether the rule's error findings mirror a refusal of the platform (`server`: the API
   * server rejects the object, or refuses to load the configuration file) or are advice
   * (`advice`: the server accepts it; the spec asks for more, it is very likely a mistake, or it
   * is certain to fail later when used). The admission engine loads policies by the `server`
   * subset alone: it keeps what the server would store.
   */
  enforcedBy: 'server' | 'advice';
  /** Where the rule comes from: a spec section, or `upstream` for reference/upstream-rules. */
  source: string;
  fixable?: boolean;
  /** Markdown documentation, printed by `platlint explain`: the rule's own `.md` file, beside it. */
  docs: string;
  /**
   * The rule's messages by id, each a template with `{{name}}` placeholders that a report's
   * `data` fills (`context.report({ path, messageId, data })`).
   */
  messages?: Readonly<Record<string, string>>;
  /**
   * Group-kinds this rule reads from `context.index` (other documents of the run). A
   * parallel run shares these objects between its threads so the rule sees all of them.
   */
  crossDocument?: readonly string[];
}

/** Absolute character offsets in the file, for places finer than a field (a CEL token). */
export interface OffsetSpan {
  start: number;
  end: number;
}

export interface FixDescriptor {
  /** Replaces the source of the field at `path` (default: the reported path)... */
  path?: FieldPath;
  target?: 'key' | 'value';
  /** ...or exactly these characters. */
  span?: OffsetSpan;
  /**
   * Remove the list item at `path` instead (`text` is then ignored): only that item's line
   * goes, and the list keeps its style and the other items' comments.
   */
  removeItem?: boolean;
  /**
   * The replacement. For a string value or a key, the new string: it is quoted as the
   * scalar needs (a quoted scalar keeps its quotes). Otherwise (a number, a `span`), the
   * text is written as given.
   */
  text: string;
}

/**
 * Where a report points in the source. `key` and `value` point at the field at the path;
 * `missing` says the field at the path is absent: the finding keeps that path and points at
 * the key of the nearest ancestor that exists (the convention of `schema/required`).
 */
export type ReportTarget = 'key' | 'value' | 'missing';

/** A report: where, and its wording (`message`, or `messageId` and `data`; see `ReportText`). */
export type ReportDescriptor = ReportPlace & ReportText;

export interface ReportPlace {
  /** The field the finding is about; for a missing field, the path the field would have. */
  path: FieldPath;
  /** Point at the field's key instead of its value, or say the field is missing. */
  target?: ReportTarget;
  fix?: FixDescriptor;
  /** Overrides the rule's severity for this report (e.g. a warning for an open enum). */
  severity?: Severity;
  /** Points at these characters instead of the whole field (the path still names the field). */
  span?: OffsetSpan;
}

/** An object of the current run, for rules that look across documents. */
export interface LintObject {
  file: string;
  document: number;
  /** Path prefix inside the document: `items[i]` for List items, empty otherwise. */
  prefix: FieldPath;
  kind: KindInfo;
  value: Record<string, unknown>;
  /**
   * The value as written, where the server drops fields of disabled feature gates before it
   * validates (lint/drop-gated.ts): `value` is then what it validates and stores. Absent when
   * nothing was dropped.
   */
  written?: Record<string, unknown>;
}

/**
 * What a cross-document rule may ask of the run. Every answer is in run order (by file
 * path, then place in the file), so "the first" object of a name is the same one however
 * the run is split. There is deliberately no list of the whole run: a rule that scanned
 * it for each object it checks would make a run quadratic in its size.
 */
export interface ObjectLookup {
  /** Objects of a group-kind with this `metadata.name` (and this `metadata.namespace`, when given; '' for none). */
  named(groupKind: string, name: string, namespace?: string): readonly LintObject[];
  /** Objects of a group-kind (in one namespace when given; '' for none). Its cost grows with the run: see `count`. */
  ofKind(groupKind: string, namespace?: string): readonly LintObject[];
  /** How many objects `ofKind` would give, without listing them. */
  count(groupKind: string, namespace?: string): number;
}

export interface LintSettings {
  /** Gates set explicitly by the configuration; `gateEnabled` adds the defaults. */
  featureGates: Readonly<Record<string, boolean>>;
  /** The platform release the manifests target, e.g. "1.37". */
  release: string;
}

export interface RuleContext {
  readonly object: LintObject;
  readonly value: Record<string, unknown>;
  readonly kind: KindInfo;
  readonly schema: SchemaNode;
  readonly settings: LintSettings;
  /**
   * The other objects of the run, this one included, by kind and name: of the kinds the rule
   * declares in `meta.crossDocument` (a whole-run lint may find more, a split one does not).
   */
  readonly index: ObjectLookup;
  /** The stored object this one would replace (`platlint lint --old`), for update rules. */
  readonly old: LintObject | undefined;
  report(report: ReportDescriptor): void;
  /**
   * Reports a field that must be present and is not: the finding carries the missing field's
   * own path (`spec.template.metadata.name`) and points at the nearest key that exists.
   * Shorthand for `report({ ...rest, path, message, target: 'missing' })` (or `messageId` and `data`).
   */
  reportMissing(path: FieldPath, message: string | MessageRef, options?: Omit<ReportPlace, 'path' | 'target'>): void;
  /**
   * The value at a path as the server would store it: the value when set, otherwise the
   * schema default of that field (rules judge objects after defaulting).
   */
  effective(path: FieldPath): unknown;
  /** The raw source of the scalar at a path (to place findings inside it, e.g. CEL). */
  scalarSource(path: FieldPath): ScalarSource | undefined;
}

export interface Rule {
  meta: RuleMeta;
  check(context: RuleContext): void;
}

/**
 * Declares a rule. Its `kinds` and `crossDocument` kinds are checked against the catalog here,
 * when the rule's module loads: a misspelt group-kind would otherwise never match and the
 * rule would silently check nothing.
 */
export function defineRule(rule: Rule): Rule {
  const { id, kinds, crossDocument } = rule.meta;
  for (const [field, names] of [
    ['kinds', kinds === '*' ? [] : kinds],
    ['crossDocument', crossDocument ?? []],
  ] as const) {
    for (const name of names) {
      if (knownGroupKinds().has(name)) continue;
      const suggestion = closest(name, [...knownGroupKinds()]);
      throw new Error(
        `rule ${id}: ${field} names "${name}", which is not a kind platlint knows${suggestion ? `; did you mean "${suggestion}"?` : ' (write Kind.group, or Kind for the core group)'}`,
      );
    }
  }
  return rule;
}

let groupKinds: ReadonlySet<string> | undefined;
function knownGroupKinds(): ReadonlySet<string> {
  groupKinds ??= new Set(catalog.kinds.map((k) => k.groupKind));
  return groupKinds;
}

/** Reads a nested value by path; undefined when any step is missing. */
export function valueAt(root: unknown, path: FieldPath): unknown {
  let current = root;
  for (const segment of path) {
    // Own properties only: a path through `constructor` must not reach Object.prototype.
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}
