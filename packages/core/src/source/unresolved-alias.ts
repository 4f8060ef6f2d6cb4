/**
 * An alias the platform's YAML reader refuses, so that the document never reaches the
 * server: one that names no anchor set before it in its document, and one that stands inside
 * the very node its anchor marks (go-yaml v2, decode.go: parser.alias fails on an unknown
 * anchor, decoder.alias on a value that contains itself). `yaml` composes both without a
 * word and reads the first as null, which would let `labels: *nope` pass as an absent field.
 */
export class UnresolvedAlias extends Error {
  constructor(
    /** Offsets of the alias (`*name`) in the text. */
    readonly start: number,
    readonly end: number,
    readonly anchor: string,
    /** True when the anchor exists but the alias is inside the node it marks. */
    readonly insideItself: boolean,
  ) {
    super(
      insideItself
        ? `alias *${anchor} stands inside the node anchored &${anchor}: a value cannot contain itself, and the platform refuses the document`
        : `alias *${anchor} refers to no anchor: an alias needs an anchor &${anchor} earlier in the same document, and the platform refuses the document without one`,
    );
  }
}
