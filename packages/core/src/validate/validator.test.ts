import { describe, expect, it } from 'vitest';
import { catalog } from '../kinds/catalog.js';
import { closest, validateStructure } from './validator.js';

const deployment = catalog.lookup('apps/v1', 'Deployment')!.info;
const flowSchema = catalog.lookup('flowcontrol.apiserver.plat.io/v1', 'FlowSchema')!.info;
const policy = catalog.lookup('admissionregistration.plat.io/v1', 'MutatingAdmissionPolicy')!.info;

function base(spec: Record<string, unknown>): Record<string, unknown> {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } },
      ...spec,
    },
  };
}

const check = (value: unknown, info = deployment) => validateStructure(catalog.schema(info), value);

describe('structural validation', () => {
  it('accepts a valid Deployment', () => {
    expect(
      check(base({ replicas: 3, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: 1 } } })),
    ).toEqual([]);
  });

  it('reports a missing required field with its own path and its parent as the place', () => {
    const value = base({});
    delete (value.spec as Record<string, unknown>).selector;
    expect(check(value)).toEqual([
      {
        ruleId: 'schema/required',
        path: ['spec', 'selector'],
        target: 'parent-key',
        message: 'missing required field "selector"',
      },
    ]);
  });

  it('reports unknown fields with a suggestion', () => {
    expect(check(base({ replicaz: 2 }))).toEqual([
      {
        ruleId: 'schema/unknown-field',
        path: ['spec', 'replicaz'],
        target: 'key',
        message: 'unknown field "replicaz"; did you mean "replicas"?',
      },
    ]);
    expect(check(base({ zzzzzz: 2 }))[0]?.message).toBe('unknown field "zzzzzz"');
  });

  it('holds the number of an int-or-string to int32, which the server decodes it into', () => {
    const surge = (maxSurge: unknown) => check(base({ strategy: { rollingUpdate: { maxSurge } } }));
    expect(surge(2147483647)).toEqual([]);
    expect(surge(2147483648)).toEqual([
      {
        ruleId: 'schema/range',
        path: ['spec', 'strategy', 'rollingUpdate', 'maxSurge'],
        target: 'value',
        message: '2147483648 is out of range: must be at most 2147483647 (int32)',
      },
    ]);
    expect(surge('3000000000%')).toEqual([]);
  });

  it('reports wrong types, with what was found', () => {
    expect(check(base({ replicas: '3' }))[0]).toMatchObject({
      ruleId: 'schema/type',
      path: ['spec', 'replicas'],
      message: 'must be an integer, not "3"',
    });
    expect(check(base({ paused: 'yes please' }))[0]?.message).toBe('must be a boolean, not "yes please"');
  });

  it('enforces int32 ranges', () => {
    expect(check(base({ replicas: 2147483648 }))[0]).toMatchObject({
      ruleId: 'schema/range',
      message: '2147483648 is out of range: must be at most 2147483647 (int32)',
    });
  });

  it('enforces closed enums, case-sensitively, offering the right case', () => {
    const findings = check(base({ strategy: { type: 'recreate' } }));
    expect(findings).toEqual([
      {
        ruleId: 'schema/enum',
        path: ['spec', 'strategy', 'type'],
        target: 'value',
        message: '"recreate" is not allowed here; use one of Recreate, RollingUpdate (values are case-sensitive: "Recreate")',
        replacement: 'Recreate',
      },
    ]);
  });

  it('checks int-or-percent values', () => {
    expect(check(base({ strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 'lots' } } }))[0]).toMatchObject({
      ruleId: 'schema/format',
      path: ['spec', 'strategy', 'rollingUpdate', 'maxSurge'],
    });
    expect(check(base({ strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 2, maxUnavailable: '10%' } } }))).toEqual(
      [],
    );
  });

  it('checks quantities, accepting numbers', () => {
    const containers = (resources: unknown) =>
      base({ template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'a', resources }] } } });
    expect(check(containers({ limits: { cpu: 2, memory: '1Gi' }, requests: { cpu: '500m' } }))).toEqual([]);
    expect(check(containers({ limits: { memory: '1 GB' } }))[0]).toMatchObject({
      ruleId: 'schema/format',
      path: ['spec', 'template', 'spec', 'containers', 0, 'resources', 'limits', 'memory'],
    });
  });

  it('enforces spec limits: matchingPrecedence 0..10000 (the server defaults 0 to 1000)', () => {
    const fs = (matchingPrecedence: number) => ({
      apiVersion: flowSchema.apiVersion,
      kind: 'FlowSchema',
      metadata: { name: 'x' },
      spec: { matchingPrecedence, priorityLevelConfiguration: { name: 'global' } },
    });
    expect(check(fs(500), flowSchema)).toEqual([]);
    expect(check(fs(20000), flowSchema)[0]).toMatchObject({
      ruleId: 'schema/range',
      message: '20000 is out of range: must be at most 10000',
    });
    expect(check(fs(0), flowSchema)).toEqual([]);
    expect(check(fs(-1), flowSchema)[0]).toMatchObject({
      ruleId: 'schema/range',
      message: '-1 is out of range: must be at least 0',
    });
  });

  it('enforces spec requirements that upstream leaves optional', () => {
    const findings = check(
      { apiVersion: policy.apiVersion, kind: policy.kind, metadata: { name: 'p' }, spec: { mutations: [] } },
      policy,
    );
    expect(findings.map((f) => [f.ruleId, f.path.join('.')])).toEqual(
      expect.arrayContaining([
        ['schema/required', 'spec.matchConstraints'],
        ['schema/required', 'spec.reinvocationPolicy'],
        ['schema/length', 'spec.mutations'],
      ]),
    );
  });
});

describe('closest', () => {
  it('suggests near misses only', () => {
    expect(closest('imagePullPolcy', ['image', 'imagePullPolicy'])).toBe('imagePullPolicy');
    expect(closest('contianers', ['containers', 'volumes'])).toBe('containers');
    expect(closest('banana', ['containers', 'volumes'])).toBeUndefined();
  });
});
