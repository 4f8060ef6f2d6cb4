import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../config/config.js';
import type { Config } from '../config/config.js';
import type { Diagnostic, Severity } from '../diagnostics.js';
import { catalogWith, definitionsInSource } from '../custom-resources/sources.js';
import { applyFixes } from '../fix/apply-fixes.js';
import { catalog } from '../kinds/catalog.js';
import { lintSources } from '../lint/linter.js';
import { collectObjects } from '../lint/recognise-documents.js';
import { messageRefOf, reportText } from '../rules/messages.js';
import type { MessageData } from '../rules/messages.js';
import type { Rule } from '../rules/rule.js';
import { SourceFile } from '../source/source-file.js';

/**
 * Tests one rule the way ESLint's RuleTester does: valid manifests must draw nothing from
 * the rule (and no structural error, so the examples stay honest), invalid ones exactly
 * the listed findings, in source order.
 */
export interface ValidCase {
  name?: string;
  yaml: string;
  featureGates?: Record<string, boolean>;
  /** The stored objects the documents would replace, for update rules. */
  old?: string;
  /** The platform release of the configuration (`release:`); DEFAULT_RELEASE unless given. */
  release?: string;
}

/** A finding the case expects: its text (`message`), or the message id and data it was reported with. */
export interface ExpectedFinding {
  path: string;
  message?: string | RegExp;
  messageId?: string;
  data?: MessageData;
  severity?: Severity;
  /** 1-based line where the finding starts. */
  line?: number;
  column?: number;
  /** Text of the fix, when the finding must carry one. */
  fix?: string;
}

export interface InvalidCase extends ValidCase {
  errors: ExpectedFinding[];
  /** The whole text after applying the findings' fixes once. */
  output?: string;
}

export function lintWithRule(
  rule: Rule,
  yaml: string,
  featureGates: Record<string, boolean> = {},
  old?: string,
  release?: string,
): Diagnostic[] {
  const config: Config = defaultConfig(process.cwd());
  config.featureGates = { ...config.featureGates, ...featureGates };
  if (release !== undefined) config.release = release;
  const oldObjects = old === undefined ? undefined : collectObjects(SourceFile.fromText('old.yaml', old));
  const file = SourceFile.fromText('test.yaml', yaml);
  // As in a run, a CustomResourceDefinition among the linted documents defines its kind for the others.
  const definitions = definitionsInSource(file, catalog);
  const [result] = lintSources({
    files: [file],
    rules: [rule],
    configFor: () => config,
    oldObjects,
    ...(definitions.length ? { catalog: catalogWith(catalog, definitions) } : {}),
  });
  return result?.diagnostics ?? [];
}

export interface TestCases {
  valid: ValidCase[];
  invalid: InvalidCase[];
}

/**
 * What is wrong with a set of cases before any is run: an invalid case that expects no
 * finding (it would pass whatever the rule does) and a case written twice (one of the two
 * tests nothing). Two cases are the same when they lint the same input the same way.
 */
export function caseProblems(cases: TestCases): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const label = (group: string, c: ValidCase, i: number): string => `${group} case ${c.name === undefined ? i : `"${c.name}"`}`;
  const visit = (group: string, c: ValidCase, i: number): void => {
    const key = JSON.stringify([c.yaml, c.featureGates ?? {}, c.old ?? null, c.release ?? null]);
    const first = seen.get(key);
    if (first !== undefined) problems.push(`${label(group, c, i)} repeats ${first}`);
    else seen.set(key, label(group, c, i));
  };
  cases.valid.forEach((c, i) => visit('valid', c, i));
  cases.invalid.forEach((c, i) => {
    visit('invalid', c, i);
    if (c.errors.length === 0) problems.push(`${label('invalid', c, i)} lists no expected finding`);
  });
  return problems;
}

/** A finding that carries a fix from a rule whose meta does not say it is fixable, which would hide the fix from `platlint rules` and the docs. */
export function undeclaredFix(rule: Rule, found: readonly Diagnostic[]): string | undefined {
  if (rule.meta.fixable === true || !found.some((d) => d.fix !== undefined)) return undefined;
  return `rule ${rule.meta.id} produced a fix but its meta does not declare fixable: true`;
}

export const RuleTester = {
  run(rule: Rule, cases: TestCases): void {
    describe(rule.meta.id, () => {
      it('has documentation and a description', () => {
        expect(rule.meta.description.length).toBeGreaterThan(10);
        expect(rule.meta.docs.length).toBeGreaterThan(20);
      });
      it('has well-formed cases', () => {
        expect(caseProblems(cases)).toEqual([]);
      });
      cases.valid.forEach((c, i) =>
        it(`valid: ${c.name ?? i}`, () => {
          const found = lintWithRule(rule, c.yaml, c.featureGates, c.old, c.release);
          expect(found.filter((d) => d.ruleId === rule.meta.id || d.severity === 'error')).toEqual([]);
        }),
      );
      cases.invalid.forEach((c, i) =>
        it(`invalid: ${c.name ?? i}`, () => {
          const all = lintWithRule(rule, c.yaml, c.featureGates, c.old, c.release);
          // The documents must be read and recognised (a kind behind a gate that is off by default only draws a warning).
          expect(
            all.filter((d) => d.ruleId.startsWith('yaml/') || (d.ruleId.startsWith('document/') && d.severity === 'error')),
          ).toEqual([]);
          const found = all.filter((d) => d.ruleId === rule.meta.id);
          expect(undeclaredFix(rule, found)).toBeUndefined();
          expect(found.map((d) => d.path)).toEqual(c.errors.map((e) => e.path));
          found.forEach((d, k) => {
            const e = c.errors[k] as ExpectedFinding;
            if (e.messageId !== undefined) {
              // As ESLint's RuleTester: the id must be the one reported, and the data, when the case
              // gives it, must fill the template to the text reported (so 3 and "3" are the same).
              expect(messageRefOf(d)?.messageId).toBe(e.messageId);
              if (e.data !== undefined) expect(d.message).toBe(reportText(rule.meta, { messageId: e.messageId, data: e.data }));
            } else if (typeof e.message === 'string') expect(d.message).toBe(e.message);
            else if (e.message !== undefined) expect(d.message).toMatch(e.message);
            else throw new Error(`case ${c.name ?? i}: an expected finding needs a message or a messageId`);
            expect(d.severity).toBe(e.severity ?? rule.meta.severity);
            if (e.line !== undefined) expect(d.range.start.line).toBe(e.line);
            if (e.column !== undefined) expect(d.range.start.column).toBe(e.column);
            if (e.fix !== undefined) expect(d.fix?.text).toBe(e.fix);
          });
          if (c.output !== undefined) expect(applyFixes(c.yaml, found).text).toBe(c.output);
        }),
      );
    });
  },
};
