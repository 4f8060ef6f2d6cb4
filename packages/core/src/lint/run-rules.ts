import type { Config } from '../config/config.js';
import type { Catalog } from '../kinds/catalog.js';
import type { MessageRef } from '../rules/messages.js';
import type { LintObject, LintSettings, ObjectLookup, ReportDescriptor, ReportPlace, Rule, RuleContext } from '../rules/rule.js';
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
  const deferred: DeferredCheck[] = [];
  // Every rule of the object checks it against the same schema, looked up once, and with one
  // context, told which rule it speaks for: a lint runs about 60 rules on each object, and a
  // context each was the run's commonest short-lived object.
  const context = new PlacingContext(object, run, run.catalog.schema(object.kind), p);
  const plan = planOf(run.rules, p.config.rules, run.defer, object.kind.groupKind);
  for (const rule of plan.check) checkWith(context, rule);
  for (const rule of plan.defer) deferred.push({ rule, object, settings: run.settings });
  return deferred;
}

/** Runs one rule on one object and places what it reports; a rule that throws is reported where it failed. */
export function runRule(
  p: FileFindings,
  rule: Rule,
  object: LintObject,
  run: Omit<RuleRun, 'rules' | 'defer'>,
  schema: SchemaNode = run.catalog.schema(object.kind),
): void {
  checkWith(new PlacingContext(object, run, schema, p), rule);
}

/** Runs `rule` with the context of its object; a rule that throws is reported where it failed. */
function checkWith(context: PlacingContext, rule: Rule): void {
  context.rule = rule;
  try {
    rule.check(context);
  } catch (error) {
    // A broken rule must not take the run down.
    const { findings: p, object } = context;
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
  return new SinkContext(object, run, run.catalog.schema(object.kind), sink);
}

/**
 * A rule's context. A lint makes one for every rule on every object, so it is a class: its
 * methods live on the prototype instead of being closures made anew each time, and the
 * schema is looked up once per object (runRules), not once per rule.
 */
abstract class ObjectContext implements RuleContext {
  readonly value: Record<string, unknown>;
  readonly kind: LintObject['kind'];
  readonly schema: SchemaNode;
  readonly settings: LintSettings;
  readonly index: ObjectLookup;
  readonly old: LintObject | undefined;

  constructor(
    readonly object: LintObject,
    run: Omit<RuleRun, 'rules' | 'defer'>,
    schema: SchemaNode,
  ) {
    this.value = object.value;
    this.kind = object.kind;
    this.schema = schema;
    this.settings = run.settings;
    this.index = run.index;
    this.old = run.old;
  }

  abstract report(report: ReportDescriptor): void;
  abstract scalarSource(path: FieldPath): ScalarSource | undefined;

  reportMissing(path: FieldPath, message: string | MessageRef, options: Omit<ReportPlace, 'path' | 'target'> = {}): void {
    this.report({ ...options, path, ...(typeof message === 'string' ? { message } : message), target: 'missing' });
  }

  effective(path: FieldPath): unknown {
    return effectiveValue(this.object, this.schema, path);
  }
}

/**
 * The context of a lint: reports are placed in the file's findings, as the findings of `rule`,
 * the rule that runs now (rules run one after the other, each to its end).
 */
class PlacingContext extends ObjectContext {
  rule: Rule | undefined;

  constructor(
    object: LintObject,
    run: Omit<RuleRun, 'rules' | 'defer'>,
    schema: SchemaNode,
    readonly findings: FileFindings,
  ) {
    super(object, run, schema);
  }

  report(report: ReportDescriptor): void {
    if (!this.rule) throw new Error('a report outside of a rule');
    placeRuleReport(this.findings, this.rule.meta, this.object, report);
  }

  scalarSource(path: FieldPath): ScalarSource | undefined {
    return this.findings.file.scalarSource(this.object.document, [...this.object.prefix, ...path]);
  }
}

/** A context whose reports go to a sink of the caller's. */
class SinkContext extends ObjectContext {
  constructor(
    object: LintObject,
    run: Omit<RuleRun, 'rules' | 'defer'>,
    schema: SchemaNode,
    private readonly sink: ReportSink,
  ) {
    super(object, run, schema);
  }

  report(report: ReportDescriptor): void {
    this.sink.report(report);
  }

  scalarSource(path: FieldPath): ScalarSource | undefined {
    return this.sink.scalarSource(path);
  }
}

/** What runs on the objects of one kind: the rules checked now, and those deferred. */
interface KindPlan {
  check: readonly Rule[];
  defer: readonly Rule[];
}

/**
 * The plan of each kind, for each rule list, rule settings and deferred set a run is given: a
 * run lints file after file with the same three (a configuration's settings are read-only,
 * config.ts), so which rules run on a kind is worked out once, not for each of ~60 rules on
 * every object.
 */
const plans = new WeakMap<readonly Rule[], WeakMap<Config['rules'], Map<ReadonlySet<Rule> | undefined, Map<string, KindPlan>>>>();

function planOf(
  rules: readonly Rule[],
  settings: Config['rules'],
  defer: ReadonlySet<Rule> | undefined,
  groupKind: string,
): KindPlan {
  let bySettings = plans.get(rules);
  if (!bySettings) plans.set(rules, (bySettings = new WeakMap()));
  let byDefer = bySettings.get(settings);
  if (!byDefer) bySettings.set(settings, (byDefer = new Map()));
  let byKind = byDefer.get(defer);
  if (!byKind) byDefer.set(defer, (byKind = new Map()));
  let plan = byKind.get(groupKind);
  if (!plan) {
    // The kind's own rules, then those of every kind, less those switched off.
    const applying = [
      ...rules.filter((rule) => rule.meta.kinds !== '*' && rule.meta.kinds.includes(groupKind)),
      ...rules.filter((rule) => rule.meta.kinds === '*'),
    ].filter((rule) => settings[rule.meta.id] !== 'off');
    plan = {
      check: applying.filter((rule) => !defer?.has(rule)),
      defer: applying.filter((rule) => defer?.has(rule)),
    };
    byKind.set(groupKind, plan);
  }
  return plan;
}

/**
 * A field's value, or the schema's default where it is not written. An empty optional string is
 * not written either, to Go: the defaults replace it as they replace an absent field.
 */
function effectiveValue(object: LintObject, schema: SchemaNode, path: FieldPath): unknown {
  const value = valueAt(object.value, path);
  if (value !== undefined && value !== '') return value;
  const node = schemaAt(schema, path);
  if (value === '' && (!node?.['x-platlint']?.emptyIsUnset || node.default === undefined)) return value;
  return node?.default;
}
