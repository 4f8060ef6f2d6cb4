import type { Catalog } from '../kinds/catalog.js';
import type { LintObject, LintSettings, ObjectLookup, ReportDescriptor, Rule, RuleContext } from '../rules/rule.js';
import { valueAt } from '../rules/rule.js';
import { schemaAt, type SchemaNode } from '../schema/tree.js';
import type { ScalarSource } from '../source/cst-locate.js';
import type { FieldPath } from '../source/field-path.js';
import type { DeferredCheck } from './deferral.js';
import { diagnostic, placeRuleReport, type FileFindings } from './place-reports.js';

/** What the rules of one object run with, besides the object. */
export interface RuleRun {
  rules: readonly Rule[];
  settings: LintSettings;
  index: ObjectLookup;
  /** The stored version of the object (`--old`). */
  old: LintObject | undefined;
  catalog: Catalog;
  /** Rules not run now: their checks of the object are returned instead (deferral.ts). */
  defer?: ReadonlySet<Rule> | undefined;
}

/**
 * Runs the rules of the object's kind (and those of every kind) that the configuration does
 * not switch off, placing their findings in `p`; returns the checks it was asked to defer.
 */
export function runRules(p: FileFindings, object: LintObject, run: RuleRun): DeferredCheck[] {
  const rulesByKind = rulesByKindOf(run.rules);
  const deferred: DeferredCheck[] = [];
  for (const rule of [...(rulesByKind.get(object.kind.groupKind) ?? []), ...(rulesByKind.get('*') ?? [])]) {
    if (p.config.rules[rule.meta.id] === 'off') continue;
    if (run.defer?.has(rule)) deferred.push({ rule, object, settings: run.settings });
    else runRule(p, rule, object, run);
  }
  return deferred;
}

/** Runs one rule on one object and places what it reports; a rule that throws is reported where it failed. */
export function runRule(p: FileFindings, rule: Rule, object: LintObject, run: Omit<RuleRun, 'rules' | 'defer'>): void {
  const context = ruleContext(object, run, {
    report: (report) => placeRuleReport(p, rule.meta, object, report),
    scalarSource: (path) => p.file.scalarSource(object.document, [...object.prefix, ...path]),
  });
  try {
    rule.check(context);
  } catch (error) {
    // A broken rule must not take the run down.
    p.ruleOut.push(
      diagnostic(
        p,
        rule.meta.id,
        'error',
        `rule ${rule.meta.id} crashed: ${error instanceof Error ? error.message : String(error)}`,
        object.document,
        object.prefix,
        p.file.locate(object.document, object.prefix),
      ),
    );
  }
}

/**
 * Where a rule's reports go: placed in a file (a lint), or only noted (a deferred check asked
 * whether it finds anything, deferral.ts).
 */
export interface ReportSink {
  report(report: ReportDescriptor): void;
  scalarSource(path: FieldPath): ScalarSource | undefined;
}

/** The one place a rule's context is made, whatever its reports go to. */
export function ruleContext(object: LintObject, run: Omit<RuleRun, 'rules' | 'defer'>, sink: ReportSink): RuleContext {
  const schema = run.catalog.schema(object.kind);
  return {
    object,
    value: object.value,
    kind: object.kind,
    schema,
    settings: run.settings,
    index: run.index,
    old: run.old,
    report: sink.report,
    reportMissing: (path, message, options = {}) =>
      sink.report({ ...options, path, ...(typeof message === 'string' ? { message } : message), target: 'missing' }),
    effective: effectiveOf(object, schema),
    scalarSource: sink.scalarSource,
  };
}

/** The rules of each kind, for each rule list a run is given (a run lints file after file with the same list). */
const rulesByKindCache = new WeakMap<readonly Rule[], Map<string, Rule[]>>();

function rulesByKindOf(rules: readonly Rule[]): Map<string, Rule[]> {
  let index = rulesByKindCache.get(rules);
  if (index) return index;
  index = new Map<string, Rule[]>();
  for (const rule of rules) {
    for (const kind of rule.meta.kinds === '*' ? ['*'] : rule.meta.kinds) index.set(kind, [...(index.get(kind) ?? []), rule]);
  }
  rulesByKindCache.set(rules, index);
  return index;
}

/**
 * A field's value, or the schema's default where it is not written. An empty optional string is
 * not written either, to Go: the defaults replace it as they replace an absent field.
 */
function effectiveOf(object: LintObject, schema: SchemaNode): RuleContext['effective'] {
  return (path: FieldPath) => {
    const value = valueAt(object.value, path);
    if (value !== undefined && value !== '') return value;
    const node = schemaAt(schema, path);
    if (value === '' && (!node?.['x-platlint']?.emptyIsUnset || node.default === undefined)) return value;
    return node?.default;
  };
}
