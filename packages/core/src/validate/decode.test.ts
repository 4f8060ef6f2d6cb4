import { describe, expect, it } from 'vitest';
import { catalog } from '../kinds/catalog.js';
import { newTypeMismatches, typeMismatches } from './decode.js';

const schema = catalog.schema(catalog.lookup('apps/v1', 'Deployment')!.info);

function deployment(spec: Record<string, unknown>, labels: Record<string, unknown> = { app: 'web' }): Record<string, unknown> {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels },
    spec: { selector: { matchLabels: { app: 'web' } }, ...spec },
  };
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
    expect(
      typeMismatches(schema, deployment({ replicas: -1, paused: null, minReadySeconds: null }, { app: 'not valid!' })),
    ).toEqual([]);
  });

  it('newTypeMismatches: finds a mismatch however deep in what changed, and none in what did not change', () => {
    const before = deployment({ replicas: 1, template: { spec: { containers: [{ name: 'a', image: 'nginx' }] } } });
    const changed = (spec: Record<string, unknown>) => ({ ...before, spec: { ...(before.spec as object), ...spec } });
    const paths = (after: unknown) => newTypeMismatches(schema, before, after).map((f) => f.path.join('.'));
    // A new subtree is looked at whole.
    expect(
      paths(changed({ template: { spec: { containers: [{ name: 'a', image: 42, ports: [{ containerPort: '80' }] }] } } })),
    ).toEqual(['spec.template.spec.containers.0.image', 'spec.template.spec.containers.0.ports.0.containerPort']);
    // An int-or-string takes an integer or a string, not a fraction; an int32 nothing beyond its width.
    expect(paths(changed({ strategy: { rollingUpdate: { maxSurge: 1.5, maxUnavailable: '25%' } } }))).toEqual([
      'spec.strategy.rollingUpdate.maxSurge',
    ]);
    expect(paths(changed({ replicas: 2 ** 31 }))).toEqual(['spec.replicas']);
    expect(paths(changed({ replicas: 3, paused: true, strategy: { rollingUpdate: { maxSurge: 2 } } }))).toEqual([]);
    // A mismatch the object already had is not new.
    const mistyped = changed({ paused: 'no' });
    expect(newTypeMismatches(schema, mistyped, { ...mistyped, spec: { ...(mistyped.spec as object), replicas: 4 } })).toEqual([]);
  });
});
