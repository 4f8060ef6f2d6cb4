import type { FieldPath } from '../source/field-path.js';
import { isJsonObject } from '../source/json-value.js';
import type { MessageRef } from './messages.js';
import { valueAt } from './rule.js';
import type { ReportDescriptor, RuleContext } from './rule.js';

/** A member counts as set when present and not null (an explicit `null` is how YAML leaves a field out). */
function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}

export interface OneOfOptions {
  /** `exactlyOne` (default): none set is a finding too. `atMostOne`: only extra members are. */
  mode?: 'exactlyOne' | 'atMostOne';
  /** When a member counts as set; default: present and not null. */
  isSet?: (value: unknown, member: string) => boolean;
  /** The message when none is set (written out, or a message id of the rule); default names the members. */
  noneMessage?: string | MessageRef;
  /** The message for an extra member, given it and the member kept. */
  extraMessage?: (member: string, kept: string) => string | MessageRef;
  severity?: ReportDescriptor['severity'];
}

/**
 * Checks a union ("exactly one of" / "at most one of") of the mapping at `path`, reporting by
 * the convention of the JSON contract: when none is set, one finding at the first member's
 * own path (a missing field: it points at the nearest existing key); when several are, one
 * finding at each member set after the first, in source order. Returns the members set.
 * Nothing is reported when the mapping itself is absent or not a mapping (structural findings).
 */
export function checkOneOf(
  context: RuleContext,
  path: FieldPath,
  members: readonly string[],
  options: OneOfOptions = {},
): string[] {
  const record = valueAt(context.value, path);
  if (!isJsonObject(record)) return [];
  const isSet = options.isSet ?? present;
  // Object keys keep the order of the source, so "extra" means "set after the first one".
  const set = Object.keys(record).filter((key) => members.includes(key) && isSet(record[key], key));
  const list = members.map((m) => `"${m}"`).join(', ');
  const severity = options.severity ? { severity: options.severity } : {};
  const [kept, ...extra] = set;
  if (kept === undefined) {
    if ((options.mode ?? 'exactlyOne') === 'exactlyOne')
      context.reportMissing([...path, members[0] as string], options.noneMessage ?? `set exactly one of ${list}`, severity);
    return set;
  }
  for (const member of extra) {
    const message =
      options.extraMessage?.(member, kept) ?? `"${member}" is set together with "${kept}"; keep only one of ${list}`;
    context.report({
      path: [...path, member],
      target: 'key',
      ...(typeof message === 'string' ? { message } : message),
      ...severity,
    });
  }
  return set;
}
