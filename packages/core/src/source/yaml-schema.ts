import type { ParseOptions, DocumentOptions, SchemaOptions, Tags } from 'yaml';

/**
 * The platform reads manifests the way its YAML library does: YAML 1.1 scalars
 * (`yes`/`on` are booleans, `0777` is octal, `1_000` is an integer, `<<` merges), but
 * timestamps and sexagesimal numbers stay strings. Matching that keeps "Norway problem"
 * values from passing here and failing in the cluster.
 */
const DROPPED_TAGS = new Set(['tag:yaml.org,2002:timestamp']);

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
      if (DROPPED_TAGS.has(tag.tag)) return false;
      // Sexagesimal numbers (`1:20`) share the int and float tags; their format marks them.
      return !('format' in tag && tag.format === 'TIME');
    })
    .map((tag) => {
      if (typeof tag === 'string' || tag.tag !== 'tag:yaml.org,2002:float' || !('test' in tag) || !tag.test) return tag;
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
