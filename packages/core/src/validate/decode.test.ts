import { describe, expect, it } from 'vitest';
import { catalog } from '../kinds/catalog.js';
import { typeMismatches } from './decode.js';

const schema = catalog.schema(catalog.lookup('apps/v1', 'Deployment')!.info);

function deployment(spec: Record<string, unknown>, labels: Record<string, unknown> = { app: 'web' }): Record<string, unknown> {
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', labels }, spec: { selector: { matchLabels: { app: 'web' } }, ...spec } };
}

describe('typeMismatches: what the decoder cannot read into the Go types', () => {
  it('names values of the wrong JSON type and integers beyond their width, as type findings', () => {
    const found = typeMismatches(schema, deployment({ replicas: 'x', revisionHistoryLimit: 2 ** 40 }, { team: { a: 1 } }));
    expect(found.map((f) => [f.path.join('.'), f.ruleId, f.message])).toEqual([
      ['metadata.labels.team', 'schema/type', 'must be a string, not a mapping'],
      ['spec.replicas', 'schema/type', 'must be an integer, not "x"'],
      ['spec.revisionHistoryLimit', 'schema/type', 'must be an int32 (-2147483648 to 2147483647), not the number 1099511627776'],
    ]);
  });

  it('leaves out what only validation refuses (missing fields, formats, limits) and nulls, which decode as zero values', () => {
    // No template (required), a negative replica count (a spec limit), a bad label value (a format), a null field.
    expect(typeMismatches(schema, deployment({ replicas: -1, paused: null, minReadySeconds: null }, { app: 'not valid!' }))).toEqual([]);
  });
});
