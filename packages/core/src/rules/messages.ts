import type { Diagnostic } from '../diagnostics.js';
import type { RuleMeta } from './rule.js';

/**
 * Message ids, in the manner of ESLint's `meta.messages`: a rule names each of its messages
 * once, as a template with `{{name}}` placeholders, and reports an id with the data to fill
 * in. Tests then compare the id and the data rather than a copy of the text.
 */
export type MessageData = Readonly<Record<string, string | number | boolean>>;

/** What a report says, by id: the id of one of its rule's `meta.messages`, and the data. */
export interface MessageRef {
  messageId: string;
  data?: MessageData;
}

/** A report's wording: a message written out, or a message id. */
export type ReportText = { message: string; messageId?: undefined; data?: undefined } | (MessageRef & { message?: undefined });

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * The text of a report. An unknown id or a placeholder without data is the rule's mistake,
 * and throws: the engine reports the rule as crashed rather than printing a half-filled text.
 */
export function reportText(meta: Pick<RuleMeta, 'id' | 'messages'>, text: ReportText): string {
  if (text.messageId === undefined) return text.message;
  const template =
    meta.messages !== undefined && Object.hasOwn(meta.messages, text.messageId) ? meta.messages[text.messageId] : undefined;
  if (template === undefined)
    throw new Error(`rule ${meta.id} reported the message id "${text.messageId}", which its meta.messages does not have`);
  const data = text.data ?? {};
  return template.replace(PLACEHOLDER, (_, name: string) => {
    if (!Object.hasOwn(data, name)) throw new Error(`rule ${meta.id}: message "${text.messageId}" needs data "${name}"`);
    return String(data[name]);
  });
}

/**
 * The id and data each finding was reported with, beside the finding rather than in it: the
 * findings that the formatters, the cache and the language server carry stay as they were.
 * Only findings of the same process have one (the rule tester's).
 */
const refs = new WeakMap<Diagnostic, MessageRef>();

export function noteMessageRef(finding: Diagnostic, text: ReportText): void {
  if (text.messageId !== undefined) refs.set(finding, { messageId: text.messageId, data: text.data ?? {} });
}

/** The message id and data a finding was reported with; undefined for a message written out. */
export function messageRefOf(finding: Diagnostic): MessageRef | undefined {
  return refs.get(finding);
}
