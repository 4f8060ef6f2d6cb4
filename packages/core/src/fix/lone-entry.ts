import type { FieldPath } from '../source/field-path.js';
import type { RuleContext } from '../rules/rule.js';

/**
 * For a list where `alone` (such as `*`, which matches everything) must be the only entry:
 * reports every other entry, each with a fix that removes only that entry, so that fixing
 * keeps the list's style, its indentation, the lone entry and the comments of what stays
 * (a block item's line goes with its own trailing comment). A repeated `alone` goes too.
 * Returns whether the list held `alone` beside other entries.
 */
export function reportBesideLoneEntry(context: RuleContext, listPath: FieldPath, list: readonly unknown[], alone: string, message: (entry: unknown) => string): boolean {
  const kept = list.indexOf(alone);
  if (kept < 0 || list.length < 2) return false;
  list.forEach((entry, i) => {
    if (i !== kept) context.report({ path: [...listPath, i], message: message(entry), fix: { removeItem: true, text: '' } });
  });
  return true;
}
