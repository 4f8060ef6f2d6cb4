import { isJsonObject } from '@platlint/core';
import { yamlValueRangeToSource } from '@platlint/cel';
import type { FieldPath, LintObject, OffsetSpan, RuleContext } from '@platlint/core';

/** The mapping guard of core, for the rules of this area. */
export { isJsonObject };

export const POLICY = 'MutatingAdmissionPolicy.admissionregistration.plat.io';
export const BINDING = 'MutatingAdmissionPolicyBinding.admissionregistration.plat.io';
export const ADMISSION_GROUP = 'admissionregistration.plat.io';

export type Json = Record<string, unknown>;

export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function strings(value: unknown): string[] {
  return asList(value).filter((v): v is string => typeof v === 'string');
}

export function specOf(context: RuleContext): Json | undefined {
  const spec = context.value.spec;
  return isJsonObject(spec) ? spec : undefined;
}

export function isPolicy(context: RuleContext): boolean {
  return context.kind.groupKind === POLICY;
}

/** The MatchResources of this object: a policy's matchConstraints or a binding's matchResources. */
export function matchResourcesOf(context: RuleContext): { path: FieldPath; value: Json } | undefined {
  const spec = specOf(context);
  const field = isPolicy(context) ? 'matchConstraints' : 'matchResources';
  const value = spec?.[field];
  return isJsonObject(value) ? { path: ['spec', field], value } : undefined;
}

export interface ResourceRuleAt {
  path: FieldPath;
  rule: Json;
  /** From resourceRules (true) or excludeResourceRules (false). */
  include: boolean;
}

export function resourceRulesOf(context: RuleContext): ResourceRuleAt[] {
  const match = matchResourcesOf(context);
  if (!match) return [];
  const out: ResourceRuleAt[] = [];
  for (const field of ['resourceRules', 'excludeResourceRules'] as const) {
    asList(match.value[field]).forEach((rule, i) => {
      if (isJsonObject(rule)) out.push({ path: [...match.path, field, i], rule, include: field === 'resourceRules' });
    });
  }
  return out;
}

/** The policy a binding names, among the objects of the run. */
export function policyOf(context: RuleContext): LintObject | undefined {
  const name = specOf(context)?.policyName;
  if (typeof name !== 'string' || name === '') return undefined;
  return context.objects.find((o) => o.kind.groupKind === POLICY && isJsonObject(o.value.metadata) && o.value.metadata.name === name);
}

/** Writes a list of strings as a flow sequence, for fixes that rewrite a whole list. */
export function flowList(items: readonly string[]): string {
  return `[${items.map((s) => JSON.stringify(s)).join(', ')}]`;
}

export type ExpressionPlace = 'matchCondition' | 'variable' | 'applyConfiguration' | 'jsonPatch';

export interface ExpressionAt {
  place: ExpressionPlace;
  path: FieldPath;
  expression: string;
  /** Index of the variable, for variable expressions. */
  index: number;
}

/** Every CEL expression of a policy, in source order of its lists. */
export function expressionsOf(spec: Json | undefined): ExpressionAt[] {
  if (!spec) return [];
  const out: ExpressionAt[] = [];
  asList(spec.matchConditions).forEach((c, i) => {
    if (isJsonObject(c) && typeof c.expression === 'string') out.push({ place: 'matchCondition', path: ['spec', 'matchConditions', i, 'expression'], expression: c.expression, index: i });
  });
  asList(spec.variables).forEach((v, i) => {
    if (isJsonObject(v) && typeof v.expression === 'string') out.push({ place: 'variable', path: ['spec', 'variables', i, 'expression'], expression: v.expression, index: i });
  });
  asList(spec.mutations).forEach((m, i) => {
    if (!isJsonObject(m)) return;
    for (const member of ['applyConfiguration', 'jsonPatch'] as const) {
      const body = m[member];
      if (isJsonObject(body) && typeof body.expression === 'string') out.push({ place: member, path: ['spec', 'mutations', i, member, 'expression'], expression: body.expression, index: i });
    }
  });
  return out;
}

/** Variable names in declaration order (entries without a string name keep their slot as undefined). */
export function variableNames(spec: Json | undefined): (string | undefined)[] {
  return asList(spec?.variables).map((v) => (isJsonObject(v) && typeof v.name === 'string' ? v.name : undefined));
}

export interface Reference {
  /** `params`, or the variable name of `variables.<name>`. */
  name: string;
  root: 'params' | 'variables';
  start: number;
  end: number;
}

const IDENT_START = /[A-Za-z_]/;
const IDENT = /[A-Za-z0-9_]/;

/**
 * Finds `params` and `variables.<name>` references in a CEL expression. A small scanner,
 * not a parser: it skips string and bytes literals (raw and triple-quoted too) and `//`
 * comments, and ignores identifiers that follow a `.` (fields such as `object.params`).
 */
export function celReferences(text: string): Reference[] {
  const refs: Reference[] = [];
  let i = 0;
  let afterDot = false;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const raw = /[rR]/.test(text[i - 1] ?? '') || (/[bB]/.test(text[i - 1] ?? '') && /[rR]/.test(text[i - 2] ?? ''));
      i = skipString(text, i, raw);
      afterDot = false;
      continue;
    }
    if (IDENT_START.test(c)) {
      const start = i;
      while (i < text.length && IDENT.test(text[i] as string)) i++;
      const word = text.slice(start, i);
      // A string prefix (r"...", b'...') is not an identifier.
      if (/^(?:[rRbB]|[bB][rR]|[rR][bB])$/.test(word) && (text[i] === '"' || text[i] === "'")) continue;
      if (!afterDot && word === 'params') refs.push({ name: 'params', root: 'params', start, end: i });
      if (!afterDot && word === 'variables') {
        let j = i;
        while (/\s/.test(text[j] ?? '')) j++;
        if (text[j] === '.') {
          j++;
          while (/\s/.test(text[j] ?? '')) j++;
          const nameStart = j;
          while (j < text.length && IDENT.test(text[j] as string)) j++;
          if (j > nameStart) {
            refs.push({ name: text.slice(nameStart, j), root: 'variables', start: nameStart, end: j });
            i = j;
          }
        }
      }
      afterDot = false;
      continue;
    }
    if (c === '.') afterDot = true;
    else if (!/\s/.test(c)) afterDot = false;
    i++;
  }
  return refs;
}

function skipString(text: string, i: number, raw: boolean): number {
  const quote = text[i] as string;
  const triple = text.startsWith(quote.repeat(3), i);
  const close = triple ? quote.repeat(3) : quote;
  let j = i + close.length;
  while (j < text.length) {
    if (!raw && text[j] === '\\') {
      j += 2;
      continue;
    }
    if (text.startsWith(close, j)) return j + close.length;
    if (!triple && text[j] === '\n') return j;
    j++;
  }
  return j;
}

/** Places a range of a decoded string value (a CEL token) in the file, when its source is known. */
export function spanIn(context: RuleContext, path: FieldPath, range: { start: number; end: number }): OffsetSpan | undefined {
  const source = context.scalarSource(path);
  return source ? yamlValueRangeToSource(source, range) : undefined;
}
