/**
 * YAML has three line breaks: LF, CRLF and a lone CR (old Mac files). The platform's reader
 * takes all three (go-yaml v2, scannerc.go read_line: "CR LF", "CR" and "LF" each become one
 * LF), and so do editors and the language server protocol; `yaml` takes only the first two and
 * reads a CR-only file as one long line of errors. So the parser is given the text with each
 * lone CR made a LF: one character for one, so every offset stays that of the file itself.
 * (go-yaml also breaks lines at NEL, LS and PS; editors and the protocol do not, so a finding
 * there could not be placed where the editor shows it, and those are left as they are.)
 */
export function withLineFeeds(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}

/** Every line break of a text, CRLF as one. */
export const LINE_BREAK = /\r\n|\r|\n/g;
