/** A document as the values-first stage reads it: where it is, and its value (null map entries dropped). */
export interface LoadedDocument {
  start: number;
  end: number;
  value: unknown;
}

/**
 * Keys longer than this send the file to the reader of record: `yaml` refuses an implicit
 * key over 1,024 characters of source, and a short value may come from a long escaped
 * source. Manifest keys are far shorter.
 */
export const LONGEST_KEY = 100;
