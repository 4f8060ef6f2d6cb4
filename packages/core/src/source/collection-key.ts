/**
 * A mapping or sequence used as a key (`? {a: 1}\n: b`, `[a, b]: c`), which the platform's
 * YAML reader refuses: go-yaml v2 decodes a document into maps keyed by plain values and
 * fails on any other ("invalid map key", decode.go: decoder.mapping). `yaml` accepts it and
 * would write the key as JSON text, letting a document pass that never reaches the server.
 */
export class CollectionKey extends Error {
  constructor(
    /** Offsets of the key in the text. */
    readonly start: number,
    readonly end: number,
  ) {
    super('a mapping or a sequence as a key: the platform reads keys as plain values, and refuses the document');
  }
}
