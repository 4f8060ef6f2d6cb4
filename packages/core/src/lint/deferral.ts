import type { Config } from '../config/config.js';
import type { Diagnostic } from '../diagnostics.js';
import { textDigest } from '../fix/write-fixes.js';
import type { Catalog } from '../kinds/catalog.js';
import type { LintObject, LintSettings, ObjectLookup, Rule } from '../rules/rule.js';
import { detachedFromText } from '../source/json-value.js';
import { SourceFile, type DocumentLayout, type SourceOptions } from '../source/source-file.js';
import { finishFile } from './finish-file.js';
import { readText } from './read-source.js';
import type { RunIndex } from './run-index.js';
import { ruleContext, runRule } from './run-rules.js';

/**
 * The two-pass deferral of cross-document checks. A run that does not know every object yet
 * (one thread's share, before the others have read their files) lints a file with every rule
 * but the cross-document ones, whose checks of the file's objects it keeps (`deferRules` of
 * a LintRun gives them back). The file's syntax tree is let go. Once the whole run's index is
 * known, the kept checks run on their objects alone (`deferredFindAnything`); they rarely find
 * anything, and only a file where they do is opened again (`reopenForPositions`) to place
 * their findings (`placeDeferred`) beside those of the first pass. run-share.ts drives the two
 * passes.
 */

/** A rule left for later on one object. */
export interface DeferredCheck {
  rule: Rule;
  object: LintObject;
  settings: LintSettings;
}

/** What a file keeps between the passes: its checks, and what opening it again for positions needs. */
export interface Deferral {
  checks: DeferredCheck[];
  /** The digest of the text the first pass read: a file that changed meanwhile is linted again whole. */
  digest: string;
  /** Where its documents are, to open it again for positions only (SourceFile.fromLayout). */
  layout: DocumentLayout | undefined;
}

/** Keeps a file's deferred checks so that they do not keep the file's text alive. */
export function deferralOf(source: SourceFile, checks: readonly DeferredCheck[]): Deferral {
  // One copy per object, shared by its checks: rules tell objects apart by identity.
  const copies = new Map<LintObject, LintObject>();
  const copy = (o: LintObject): LintObject => copies.get(o) ?? copies.set(o, { ...o, value: detachedFromText(o.value) }).get(o)!;
  return {
    checks: checks.map((c) => ({ ...c, object: copy(c.object) })),
    digest: textDigest(source.text),
    layout: source.layout(),
  };
}

/**
 * Whether a deferred check reports anything (or fails) on its object, given the whole run's
 * index. Nothing is placed: a file for which this is true is opened again.
 */
export function deferredFindAnything(checks: readonly DeferredCheck[], index: RunIndex, catalog: Catalog): boolean {
  if (checks.length === 0) return false;
  const lookup = deferredLookup(checks, index);
  for (const { rule, object, settings } of checks) {
    let reported = false;
    // Sources place findings finely; whether there is a finding does not depend on them.
    const context = ruleContext(
      object,
      { settings, index: lookup, old: undefined, catalog },
      { report: () => void (reported = true), scalarSource: () => undefined },
    );
    try {
      rule.check(context);
    } catch {
      return true;
    }
    if (reported) return true;
  }
  return false;
}

/**
 * The file a deferral was made from, opened again for positions only, when its text is still
 * the one the first pass read; undefined otherwise (it changed or cannot be read: lint it whole).
 */
export function reopenForPositions(path: string, deferral: Deferral, options: SourceOptions): SourceFile | undefined {
  const text = readText(path, options.maxBytes);
  if (text === undefined || textDigest(text) !== deferral.digest) return undefined;
  // The deferred checks carry their objects: the text is needed for positions only.
  return deferral.layout ? SourceFile.fromLayout(path, text, deferral.layout) : SourceFile.fromText(path, text, options);
}

/**
 * The findings of deferred checks, each rule run again on the object it was deferred with
 * and its findings placed in `file`, the same text. Configured severities apply; inline
 * suppressions do not (a file that has some is linted again whole, see run-share.ts).
 */
export function placeDeferred(
  file: SourceFile,
  checks: readonly DeferredCheck[],
  config: Config,
  index: RunIndex,
  catalog: Catalog,
): Diagnostic[] {
  const p = { file, config, out: [], ruleOut: [] };
  const lookup = deferredLookup(checks, index);
  for (const { rule, object, settings } of checks) runRule(p, rule, object, { settings, index: lookup, old: undefined, catalog });
  return finishFile(p, false).diagnostics;
}

/**
 * The index as the deferred checks of one file see it: the checked objects stand in for
 * their own entries, so a rule that tells the object it checks from the others by identity
 * (a cycle through itself) sees the run as a whole lint does.
 */
function deferredLookup(checks: readonly DeferredCheck[], index: RunIndex): ObjectLookup {
  const file = checks[0]?.object.file ?? '';
  const own = new Map(checks.map((c) => [entryKey(c.object), c.object]));
  const entries = index.entriesOf(file).map((o) => own.get(entryKey(o)) ?? o);
  return index.seenFrom(new Set([file]), entries);
}

function entryKey(object: LintObject): string {
  return `${object.file}\u0000${object.document}\u0000${object.prefix.join('\u0000')}`;
}
