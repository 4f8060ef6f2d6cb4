import { catalog, type SchemaNode } from '@platlint/core';
import { describe, expect, it } from 'vitest';
import type { Json, JsonObject } from '../json.js';
import { at, names } from '../test-support/read.js';
import { ApplyConfigurationError, mergeApplyConfiguration } from './apply-configuration.js';

const DEPLOYMENT = catalog.schema(catalog.lookup('apps/v1', 'Deployment')!.info);

function live(containers: Json[], podExtra: JsonObject = {}): JsonObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: { selector: { matchLabels: { app: 'web' } }, template: { spec: { containers, ...podExtra } } },
  };
}

function podSpec(fields: JsonObject): JsonObject {
  return { spec: { template: { spec: fields } } };
}

function merged(base: JsonObject, config: JsonObject, schema: SchemaNode | undefined = DEPLOYMENT): Json {
  return mergeApplyConfiguration(base, config, schema);
}

function containersOf(v: Json): Json | undefined {
  return at(v, 'spec', 'template', 'spec', 'containers');
}

describe('apply configurations on a Deployment', () => {
  it('refuses a member named constructor or toString as undeclared, as any unknown member (no schema comes from Object.prototype)', () => {
    for (const key of ['constructor', 'toString', 'bogus']) {
      const config = JSON.parse(`{"spec": {"${key}": {"containers": [{"name": "x"}]}}}`) as JsonObject;
      expect(() => merged(live([{ name: 'app', image: 'nginx:1' }]), config)).toThrow(
        `.spec.${key}: field not declared in schema`,
      );
    }
  });

  it('merges containers by name: new ones appended, existing ones merged field by field', () => {
    const base = live([
      { name: 'app', image: 'nginx:1', imagePullPolicy: 'Always' },
      { name: 'log', image: 'fluent:1' },
    ]);
    const out = merged(
      base,
      podSpec({
        containers: [
          { name: 'proxy', image: 'envoy:1' },
          { name: 'app', image: 'nginx:2' },
        ],
      }),
    );
    // The configuration puts proxy before app, so it lands before app; log keeps its place.
    expect(names(containersOf(out))).toEqual(['proxy', 'app', 'log']);
    expect(at(out, 'spec', 'template', 'spec', 'containers', 1)).toEqual({
      name: 'app',
      image: 'nginx:2',
      imagePullPolicy: 'Always',
    });
  });

  it('appends pure additions after the existing entries', () => {
    const out = merged(live([{ name: 'a' }, { name: 'b' }]), podSpec({ containers: [{ name: 'c' }] }));
    expect(names(containersOf(out))).toEqual(['a', 'b', 'c']);
  });

  it('keys ports by containerPort and protocol, with protocol defaulting to TCP', () => {
    const base = live([
      {
        name: 'app',
        ports: [
          { containerPort: 80, name: 'http' },
          { containerPort: 53, protocol: 'UDP' },
        ],
      },
    ]);
    const out = merged(
      base,
      podSpec({
        containers: [
          {
            name: 'app',
            ports: [
              { containerPort: 80, protocol: 'TCP', hostPort: 8080 },
              { containerPort: 53, protocol: 'TCP' },
            ],
          },
        ],
      }),
    );
    expect(at(containersOf(out), 0, 'ports')).toEqual([
      { containerPort: 80, name: 'http', hostPort: 8080, protocol: 'TCP' },
      { containerPort: 53, protocol: 'UDP' },
      { containerPort: 53, protocol: 'TCP' },
    ]);
  });

  it('merges env by name and keeps entries the configuration does not name', () => {
    const base = live([
      {
        name: 'app',
        env: [
          { name: 'A', value: '1' },
          { name: 'B', value: '2' },
        ],
      },
    ]);
    const out = merged(
      base,
      podSpec({
        containers: [
          {
            name: 'app',
            env: [
              { name: 'B', value: 'two' },
              { name: 'C', value: '3' },
            ],
          },
        ],
      }),
    );
    expect(at(containersOf(out), 0, 'env')).toEqual([
      { name: 'A', value: '1' },
      { name: 'B', value: 'two' },
      { name: 'C', value: '3' },
    ]);
  });

  it('collapses duplicate live entries into one built from the configuration when touched', () => {
    const base = live([
      {
        name: 'app',
        env: [
          { name: 'A', value: '1' },
          { name: 'A', value: '2' },
          { name: 'B', value: 'b' },
        ],
      },
    ]);
    const out = merged(base, podSpec({ containers: [{ name: 'app', env: [{ name: 'A', value: 'x' }] }] }));
    expect(at(containersOf(out), 0, 'env')).toEqual([
      { name: 'A', value: 'x' },
      { name: 'B', value: 'b' },
    ]);
    // Untouched duplicates are tolerated and kept.
    const untouched = merged(base, podSpec({ containers: [{ name: 'app', env: [{ name: 'C', value: 'c' }] }] }));
    expect(at(containersOf(untouched), 0, 'env')).toEqual([
      { name: 'A', value: '1' },
      { name: 'A', value: '2' },
      { name: 'B', value: 'b' },
      { name: 'C', value: 'c' },
    ]);
  });

  it('rejects duplicate keys in the configuration and items missing a key field', () => {
    expect(() => merged(live([]), podSpec({ containers: [{ name: 'x' }, { name: 'x' }] }))).toThrow(
      /duplicate entries for key \[name="x"\]/,
    );
    expect(() => merged(live([]), podSpec({ volumes: [{ emptyDir: {} }] }))).toThrow(/omits key field "name"/);
  });

  it('merges volumes by name', () => {
    const base = live([], { volumes: [{ name: 'data', emptyDir: {} }] });
    const out = merged(base, podSpec({ volumes: [{ name: 'cache', emptyDir: { medium: 'Memory' } }] }));
    expect(names(at(out, 'spec', 'template', 'spec', 'volumes'))).toEqual(['data', 'cache']);
  });

  it('merges labels key by key and never deletes', () => {
    const out = merged(live([]), { metadata: { labels: { team: 'a', app: 'web2' } } });
    expect(at(out, 'metadata', 'labels')).toEqual({ app: 'web2', team: 'a' });
    expect(at(out, 'spec', 'selector')).toEqual({ matchLabels: { app: 'web' } });
  });

  it('unions set lists (finalizers)', () => {
    const base: JsonObject = { ...live([]), metadata: { name: 'web', finalizers: ['a', 'b'] } };
    const out = merged(base, { metadata: { finalizers: ['c', 'a'] } });
    expect(at(out, 'metadata', 'finalizers')).toEqual(['c', 'a', 'b']);
  });

  it('rejects atomic lists, maps and structs, naming every path', () => {
    const attempt = (config: JsonObject) => {
      try {
        merged(live([{ name: 'app' }]), config);
      } catch (e) {
        expect(e).toBeInstanceOf(ApplyConfigurationError);
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(attempt(podSpec({ containers: [{ name: 'app', command: ['sh'], args: ['-c'] }] }))).toBe(
      'invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .spec.template.spec.containers[name="app"].command, .spec.template.spec.containers[name="app"].args',
    );
    expect(attempt(podSpec({ tolerations: [{ key: 'k', operator: 'Exists' }] }))).toContain(': .spec.template.spec.tolerations');
    expect(attempt(podSpec({ nodeSelector: { disk: 'ssd' } }))).toContain(': .spec.template.spec.nodeSelector');
    expect(attempt({ spec: { selector: { matchLabels: { app: 'x' } } } })).toContain(': .spec.selector');
    // Capabilities is a granular struct, but its add list is atomic.
    expect(
      attempt(podSpec({ containers: [{ name: 'app', securityContext: { capabilities: { add: ['NET_ADMIN'] } } }] })),
    ).toContain('.securityContext.capabilities.add');
  });

  it('accepts granular structs and maps below a list entry (resources.limits)', () => {
    const out = merged(
      live([{ name: 'app', resources: { limits: { cpu: '1' } } }]),
      podSpec({ containers: [{ name: 'app', resources: { limits: { memory: '1Gi' } } }] }),
    );
    expect(at(containersOf(out), 0, 'resources')).toEqual({ limits: { cpu: '1', memory: '1Gi' } });
  });

  it('rejects undeclared fields and wrong shapes before merging', () => {
    expect(() => merged(live([]), { spec: { replicasx: 1 } })).toThrow(
      'failed to convert patch object to typed object: .spec.replicasx: field not declared in schema',
    );
    expect(() => merged(live([]), { spec: { replicas: 'three' } })).toThrow('.spec.replicas: expected integer, got string');
  });

  it('merges a field an open struct keeps undeclared as untyped: maps merged, lists replaced, nothing rejected', () => {
    const schema: SchemaNode = {
      type: 'object',
      properties: {
        spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { known: { type: 'string' } } },
      },
    };
    const base: JsonObject = { spec: { extra: { items: [1, 2], nested: { a: 1 } } } };
    expect(mergeApplyConfiguration(base, { spec: { extra: { items: [3], nested: { b: 2 } } } }, schema)).toEqual({
      spec: { extra: { items: [3], nested: { a: 1, b: 2 } } },
    });
  });

  it('uses a CRD-like schema: lists without a list type are atomic, preserve-unknown-fields is open', () => {
    const schema: SchemaNode = {
      type: 'object',
      properties: {
        spec: {
          type: 'object',
          properties: {
            hosts: { type: 'array', items: { type: 'string' } },
            rules: {
              type: 'array',
              'x-kubernetes-list-type': 'map',
              'x-kubernetes-list-map-keys': ['id'],
              items: { type: 'object', properties: { id: { type: 'string' }, v: { type: 'integer' } } },
            },
            extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
          },
        },
      },
    };
    const base: JsonObject = { spec: { hosts: ['a'], rules: [{ id: 'r1', v: 1 }], extra: { k: [1] } } };
    expect(() => mergeApplyConfiguration(base, { spec: { hosts: ['b'] } }, schema)).toThrow('.spec.hosts');
    expect(
      mergeApplyConfiguration(base, { spec: { rules: [{ id: 'r1', v: 2 }, { id: 'r2' }], extra: { k: [2], j: true } } }, schema),
    ).toEqual({
      spec: { hosts: ['a'], rules: [{ id: 'r1', v: 2 }, { id: 'r2' }], extra: { k: [2], j: true } },
    });
  });

  it('does not change its inputs', () => {
    const base = live([{ name: 'app' }]);
    const copy = structuredClone(base);
    merged(base, podSpec({ containers: [{ name: 'app', image: 'x' }] }));
    expect(base).toEqual(copy);
  });
});
