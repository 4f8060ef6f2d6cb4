// Control characters from a linted file (a key, a value, a file name) are shown, never
// passed on: a terminal obeys ESC sequences, a CI log reads a line break as the start of a
// workflow command, and XML 1.0 has no way to carry most of them at all.

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** C0 controls, DEL and C1 controls. */
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** `\n`, `\r`, `\t`, or `\xHH`: how the character would be written in a double-quoted YAML string. */
export function visibleControl(c: string): string {
  return NAMED[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

/** The text with every control character written out visibly, except those `keep` names. */
export function showControls(text: string, keep = ''): string {
  return text.replace(CONTROL, (c) => (keep.includes(c) ? c : visibleControl(c)));
}
