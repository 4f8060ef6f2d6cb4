import type { FieldPath } from '../source/field-path.js';
import type { RuleContext } from '../rules/rule.js';
import type { MessageRef } from '../rules/messages.js';

/**
 * For a list where `alone` (such as `*`, which matches everything) must be the only entry:
 * reports every other entry, each with a fix that removes only that entry, so that fixing
 * keeps the list's style, its indentation, the lone entry and the comments of what stays
 * (a block item's line goes with its own trailing comment). A repeated `alone` goes too.
 * `message` words each finding, as a text or as one of the rule's message ids with its data.
 * Returns whether the list held `alone` beside other entries.
 */
export function reportBesideLoneEntry(
  context: RuleContext,
  listPath: FieldPath,
  list: readonly unknown[],
  alone: string,
  message: (entry: unknown) => string | MessageRef,
): boolean {
  const kept = list.indexOf(alone);
  if (kept < 0 || list.length < 2) return false;
  list.forEach((entry, i) => {
    if (i === kept) return;
    const text = message(entry);
    context.report({
      path: [...listPath, i],
      ...(typeof text === 'string' ? { message: text } : text),
      fix: { removeItem: true, text: '' },
    });
  });
  return true;
}
