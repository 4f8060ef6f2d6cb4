import type { ParseOptions, DocumentOptions, SchemaOptions, Tags } from 'yaml';

/**
 * The platform reads manifests the way its YAML library does: YAML 1.1 scalars
 * (`yes`/`on` are booleans, `0777` is octal, `1_000` is an integer, `<<` merges), but
 * timestamps and sexagesimal numbers stay strings. Matching that keeps "Norway problem"
 * values from passing here and failing in the cluster.
 */
const DROPPED_TAGS = new Set(['tag:yaml.org,2002:timestamp']);

function platformTags(tags: Tags): Tags {
  return tags.filter((tag) => {
    if (typeof tag === 'string') return true;
    if (DROPPED_TAGS.has(tag.tag)) return false;
    // Sexagesimal numbers (`1:20`) share the int and float tags; their format marks them.
    return !('format' in tag && tag.format === 'TIME');
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
