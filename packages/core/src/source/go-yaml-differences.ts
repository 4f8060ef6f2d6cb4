import type { CST, YAMLError } from 'yaml';
import { forEachToken } from './cst-walk.js';

// Where the platform's YAML reader (go-yaml v2, which sigs.k8s.io/yaml forks for the server
// and kubectl) and `yaml`, platlint's reader of record, part ways on a document `yaml`
// composes: errors of `yaml` the platform does not raise, and what the platform refuses that
// `yaml` reads. source-file.ts applies them; test/go-yaml/cases holds a file of each.
/**
 * True for an error of `yaml` that the platform's reader does not raise: a comment with no
 * white space before it. YAML 1.2 and `yaml` ask for the space, but go-yaml starts a comment
 * at a `#` wherever it looks for the next token (yaml_parser_scan_to_next_token in
 * scannerc.go): after a quoted scalar (`name: "web"#note`), a flow indicator (`[a,#note`,
 * `[x]#note`) or a block scalar's header (`|#note`). `yaml` reads the same text as a comment
 * there too, so the document it composes is the one the platform reads.
 */
export function readByPlatform(error: YAMLError, text: string): boolean {
  return error.code === 'MISSING_CHAR' && text[error.pos[0]] === '#';
}

/** The tags go-yaml resolves (resolve.go: resolvableTag; `!!binary` in decode.go: decoder.scalar). */
const GO_RESOLVED_TAGS = new Set(
  ['str', 'bool', 'int', 'float', 'null', 'timestamp', 'binary'].map((name) => `tag:yaml.org,2002:${name}`),
);

/**
 * True for a tag `yaml` does not know that the platform reads past: go-yaml keeps the text of
 * a scalar under any other tag as it is written (`!ref 1` is the string "1": resolve.go,
 * resolve returns it when resolvableTag is false), and reads a collection under one as any
 * other, with no error. `yaml` composes the same values and warns of the tag.
 */
export function tagLeftByPlatform(warning: YAMLError): boolean {
  const tag = /^Unresolved tag: (.+)$/.exec(warning.message)?.[1];
  return tag !== undefined && !GO_RESOLVED_TAGS.has(tag);
}

/** A node the platform's YAML reader refuses and `yaml` reads: what to say, and where (thrown by the fast composer). */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly start: number,
    readonly end: number,
  ) {
    super(message);
  }
}

/** Tokens that may stand before an entry's key without being part of it. */
const BEFORE_KEY = new Set(['space', 'newline', 'comment', 'comma', 'seq-item-ind']);
/** An anchor's or alias's name as go-yaml scans it (scannerc.go: is_alpha). */
const GO_ANCHOR_NAME = /^[0-9A-Za-z_-]+$/;
/** What may follow an anchor or alias in go-yaml: a blank, a line break, the end, or one of these. */
const AFTER_ANCHOR = ' \t\r\n\u0085\u2028\u2029?:,]}%@`';

/**
 * The refusal of an anchor (`&name`) or alias (`*name`) token at `offset`, or undefined: go-yaml
 * takes only ASCII letters, digits, `_` and `-` in a name, followed by a blank, a line break,
 * the end or one of `?:,]}%@` and a backquote ("did not find expected alphabetic or numeric
 * character": scannerc.go, yaml_parser_scan_anchor), where `yaml` takes any character but
 * white space and flow indicators (`&app.labels`, `&base{`).
 */
export function anchorRefusal(source: string, offset: number, text: string): Refusal | undefined {
  const end = offset + source.length;
  if (GO_ANCHOR_NAME.test(source.slice(1)) && (end >= text.length || AFTER_ANCHOR.includes(text[end]!))) return undefined;
  const what = source.startsWith('&') ? 'anchor' : 'alias';
  return new Refusal(
    `${what} ${source}: the platform's YAML reader takes only ASCII letters, digits, "_" and "-" in a name, and white space after it; it refuses the document`,
    offset,
    Math.min(end + 1, text.length),
  );
}

/**
 * The first of what go-yaml refuses in a document that `yaml` reads, or undefined:
 * - a mapping entry with a `:` and no key at all (`: x` on a line of its own, `{: x}`,
 *   `[a, : x]`), where `yaml` reads a key null: "did not find expected key" in a block
 *   mapping, "did not find expected node content" in a flow collection (parserc.go,
 *   yaml_parser_parse_block_mapping_key and yaml_parser_parse_node). A key of properties
 *   alone (`&a : x`) or written with `? ` is left as `yaml` reads it;
 * - an anchor or alias go-yaml does not scan as one (anchorRefusal).
 */
export function platformRefusal(tree: CST.Token, text: string): Refusal | undefined {
  let first: Refusal | undefined;
  const refuse = (refusal: Refusal | undefined): void => {
    if (refusal && (first === undefined || refusal.start < first.start)) first = refusal;
  };
  forEachToken([tree], (token) => {
    if (token.type === 'anchor' || token.type === 'alias')
      return refuse(anchorRefusal(token.source as string, token.offset as number, text));
    const item = token as Partial<CST.CollectionItem>;
    if ('type' in token || item.key || !Array.isArray(item.start) || !Array.isArray(item.sep)) return;
    if (!item.start.every((t) => BEFORE_KEY.has(t.type))) return;
    const indicator = item.sep.find((t) => t.type === 'map-value-ind');
    if (indicator)
      refuse(
        new Refusal(
          'a mapping entry has no key before its ":"; the platform refuses the document (write the key)',
          indicator.offset,
          indicator.offset + 1,
        ),
      );
  });
  return first;
}
