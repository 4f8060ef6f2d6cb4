import type { ParseOptions, DocumentOptions, SchemaOptions, Tags } from 'yaml';
import { binaryAsText, timestampAsText } from './go-scalar-tags.js';

/**
 * The platform reads manifests the way its YAML library does: YAML 1.1 scalars
 * (`yes`/`on` are booleans, `0777` is octal, `1_000` is an integer, `<<` merges), but
 * timestamps and sexagesimal numbers stay strings, and so do `!!binary` values (decoded) and
 * `!!timestamp` ones (go-scalar-tags.ts). Matching that keeps "Norway problem" values from
 * passing here and failing in the cluster.
 */
const REPLACED_TAGS: ReadonlyMap<string, Tags[number]> = new Map([
  [binaryAsText.tag, binaryAsText],
  // `yaml` resolves plain dates as timestamps; this one reads only a written `!!timestamp`.
  [timestampAsText.tag, timestampAsText],
]);

/**
 * `yaml`'s YAML 1.1 float patterns make every digit optional, so `e2`, `E5` and `.` read as
 * NaN. The platform's reader needs a digit in the number; these patterns say so.
 */
const FLOAT_EXP = /^[-+]?(?:[0-9][0-9_]*(?:\.[0-9_]*)?|\.[0-9][0-9_]*)[eE][-+]?[0-9]+$/;
const FLOAT_PLAIN = /^[-+]?(?:[0-9][0-9_]*\.[0-9_]*|\.[0-9][0-9_]*)$/;

function platformTags(tags: Tags): Tags {
  return tags
    .filter((tag) => {
      if (typeof tag === 'string') return true;
      // Sexagesimal numbers (`1:20`) share the int and float tags; their format marks them.
      return !('format' in tag && tag.format === 'TIME');
    })
    .map((tag) => {
      if (typeof tag === 'string') return tag;
      const replaced = REPLACED_TAGS.get(tag.tag);
      if (replaced) return replaced;
      if (tag.tag !== 'tag:yaml.org,2002:float' || !('test' in tag) || !tag.test) return tag;
      if (tag.format === 'EXP') return { ...tag, test: FLOAT_EXP };
      return tag.test.test('1.5') ? { ...tag, test: FLOAT_PLAIN } : tag;
    });
}

export const yamlOptions: ParseOptions & DocumentOptions & SchemaOptions = {
  schema: 'yaml-1.1',
  customTags: platformTags,
  merge: true,
  uniqueKeys: true,
  prettyErrors: false,
  strict: true,
};
