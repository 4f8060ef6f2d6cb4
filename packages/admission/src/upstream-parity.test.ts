// Cases replayed from the upstream mutating admission policy tests (the JSON patch and apply
// configuration patchers, and the dispatcher): each runs one policy over one object through the
// whole engine and compares the mutated object, or the denial, with what the platform does.
import { describe, expect, it } from 'vitest';
import { admit } from './admit.js';
import type { JsonObject } from './json.js';
import { createState } from './state/state.js';
import {
  apply,
  binding,
  deploymentRequest,
  patch,
  policy,
  singlePolicyState,
  specSchema,
  widgetDefinition,
  type Mutation,
  type PolicyOptions,
} from './test-support/objects.js';

/** A Deployment as the platform serializes a sparse typed one: only the fields given. */
function dep(parts: { labels?: Record<string, string>; spec?: JsonObject } = {}): JsonObject {
  const metadata: JsonObject = { name: 'web', namespace: 'default' };
  if (parts.labels) metadata.labels = parts.labels;
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata, spec: parts.spec ?? {} };
}
const podSpec = (spec: JsonObject): JsonObject => ({ template: { spec } });
const containers = (...list: JsonObject[]): JsonObject => dep({ spec: podSpec({ containers: list }) });
const named = (...ns: string[]): JsonObject[] => ns.map((name) => ({ name }));

interface Case {
  name: string;
  mutation: Mutation;
  object: JsonObject;
  oldObject?: JsonObject;
  /** The object after the mutation, or a fragment of the denial message. */
  expected: JsonObject | { error: string };
}

function run(c: Case) {
  const state = singlePolicyState({ mutations: [c.mutation] });
  const extra = c.oldObject ? { operation: 'UPDATE' as const, oldObject: c.oldObject } : {};
  return admit(state, deploymentRequest(c.object, extra));
}

function check(c: Case): void {
  const result = run(c);
  if ('error' in c.expected) {
    expect(result.allowed).toBe(false);
    expect(result.status?.message).toContain(c.expected.error);
  } else {
    expect(result.status?.message).toBeUndefined();
    expect(result.allowed).toBe(true);
    expect(result.object).toEqual(c.expected);
  }
}

const jsonPatchCases: Case[] = [
  {
    name: 'a failed test keeps the object',
    mutation: patch(
      '[JSONPatch{op: "test", path: "/spec/replicas", value: 100}, JSONPatch{op: "replace", path: "/spec/replicas", value: 3}]',
    ),
    object: dep({ spec: { replicas: 1 } }),
    expected: dep({ spec: { replicas: 1 } }),
  },
  {
    name: 'a passing test lets the patch apply',
    mutation: patch(
      '[JSONPatch{op: "test", path: "/spec/replicas", value: 1}, JSONPatch{op: "replace", path: "/spec/replicas", value: 3}]',
    ),
    object: dep({ spec: { replicas: 1 } }),
    expected: dep({ spec: { replicas: 3 } }),
  },
  {
    name: 'remove unsets a field',
    mutation: patch('[JSONPatch{op: "remove", path: "/spec/replicas"}]'),
    object: dep({ spec: { replicas: 1 } }),
    expected: dep(),
  },
  {
    name: 'remove a map entry',
    mutation: patch('[JSONPatch{op: "remove", path: "/metadata/labels/y"}]'),
    object: dep({ labels: { x: '1', y: '1' } }),
    expected: dep({ labels: { x: '1' } }),
  },
  {
    name: 'remove a list element',
    mutation: patch('[JSONPatch{op: "remove", path: "/spec/template/spec/containers/1"}]'),
    object: containers(...named('a', 'b', 'c')),
    expected: containers(...named('a', 'c')),
  },
  {
    name: 'copy a map entry',
    mutation: patch('[JSONPatch{op: "copy", from: "/metadata/labels/x", path: "/metadata/labels/y"}]'),
    object: dep({ labels: { x: '1' } }),
    expected: dep({ labels: { x: '1', y: '1' } }),
  },
  {
    name: 'copy the first element to the end',
    mutation: patch(
      '[JSONPatch{op: "copy", from: "/spec/template/spec/containers/0", path: "/spec/template/spec/containers/-"}]',
    ),
    object: containers(...named('a', 'b', 'c')),
    expected: containers(...named('a', 'b', 'c', 'a')),
  },
  {
    name: 'move a map entry',
    mutation: patch('[JSONPatch{op: "move", from: "/metadata/labels/x", path: "/metadata/labels/y"}]'),
    object: dep({ labels: { x: '1' } }),
    expected: dep({ labels: { y: '1' } }),
  },
  {
    name: 'move the first element to the end',
    mutation: patch(
      '[JSONPatch{op: "move", from: "/spec/template/spec/containers/0", path: "/spec/template/spec/containers/-"}]',
    ),
    object: containers(...named('a', 'b', 'c')),
    expected: containers(...named('b', 'c', 'a')),
  },
  {
    name: 'add a map entry',
    mutation: patch('[JSONPatch{op: "add", path: "/metadata/labels/x", value: "2"}]'),
    object: dep({ labels: { y: '1' } }),
    expected: dep({ labels: { y: '1', x: '2' } }),
  },
  {
    name: 'add a map where there was none',
    mutation: patch('[JSONPatch{op: "add", path: "/metadata/labels", value: {"y": "2"}}]'),
    object: dep(),
    expected: dep({ labels: { y: '2' } }),
  },
  {
    name: 'add over an existing map replaces it',
    mutation: patch('[JSONPatch{op: "add", path: "/metadata/labels", value: {"y": "2"}}]'),
    object: dep({ labels: { x: '1' } }),
    expected: dep({ labels: { y: '2' } }),
  },
  {
    name: 'add at the start of a list',
    mutation: patch('[JSONPatch{op: "add", path: "/spec/template/spec/containers/0", value: {"name": "x"}}]'),
    object: containers(...named('a')),
    expected: containers(...named('x', 'a')),
  },
  {
    name: 'add at the end of a list',
    mutation: patch('[JSONPatch{op: "add", path: "/spec/template/spec/containers/-", value: {"name": "x"}}]'),
    object: containers(...named('a')),
    expected: containers(...named('a', 'x')),
  },
  {
    name: 'replace an absent map key adds it',
    mutation: patch('[JSONPatch{op: "replace", path: "/metadata/labels/x", value: "2"}]'),
    object: dep({ labels: { y: '1' } }),
    expected: dep({ labels: { y: '1', x: '2' } }),
  },
  {
    name: 'replace an unset field adds it',
    mutation: patch('[JSONPatch{op: "replace", path: "/metadata/labels", value: {"y": "2"}}]'),
    object: dep(),
    expected: dep({ labels: { y: '2' } }),
  },
  {
    name: 'replace a set map',
    mutation: patch('[JSONPatch{op: "replace", path: "/metadata/labels", value: {"y": "2"}}]'),
    object: dep({ labels: { x: '1' } }),
    expected: dep({ labels: { y: '2' } }),
  },
  {
    name: 'replace the first element',
    mutation: patch('[JSONPatch{op: "replace", path: "/spec/template/spec/containers/0", value: {"name": "x"}}]'),
    object: containers(...named('a')),
    expected: containers(...named('x')),
  },
  {
    name: 'a typed initializer as value',
    mutation: patch('[JSONPatch{op: "add", path: "/spec", value: Object.spec{selector: Object.spec.selector{}, replicas: 10}}]'),
    object: dep(),
    expected: dep({ spec: { selector: {}, replicas: 10 } }),
  },
  {
    name: 'the JSONPatch type reads its fields',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/metadata/labels", value: {"op": JSONPatch{op: "opValue"}.op, "path": JSONPatch{path: "pathValue"}.path, "from": JSONPatch{from: "fromValue"}.from, "value": string(JSONPatch{value: "valueValue"}.value)}}]',
    ),
    object: dep(),
    expected: dep({ labels: { op: 'opValue', path: 'pathValue', from: 'fromValue', value: 'valueValue' } }),
  },
  {
    name: 'has() on the JSONPatch type',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/metadata/labels", value: {"op": string(has(JSONPatch{op: "o"}.op)), "value": string(has(JSONPatch{value: "v"}.value)), "op-unset": string(has(JSONPatch{}.op)), "from-unset": string(has(JSONPatch{}.from)), "value-unset": string(has(JSONPatch{}.value))}}]',
    ),
    object: dep(),
    expected: dep({ labels: { op: 'true', value: 'true', 'op-unset': 'false', 'from-unset': 'false', 'value-unset': 'false' } }),
  },
  {
    name: 'equality of JSONPatch values',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/metadata/labels", value: {"empty": string(JSONPatch{} == JSONPatch{}), "same": string(JSONPatch{op: "add", path: "p", from: "f", value: 1} == JSONPatch{op: "add", path: "p", from: "f", value: 1}), "op": string(JSONPatch{op: "add"} == JSONPatch{op: "remove"}), "value": string(JSONPatch{op: "add", value: "1"} == JSONPatch{op: "add", value: 1})}}]',
    ),
    object: dep(),
    expected: dep({ labels: { empty: 'true', same: 'true', op: 'false', value: 'false' } }),
  },
  {
    name: 'escaped keys',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/metadata/labels", value: {}}, JSONPatch{op: "add", path: "/metadata/labels/" + jsonpatch.escapeKey("plat.io/x~y"), value: "true"}]',
    ),
    object: dep(),
    expected: dep({ labels: { 'plat.io/x~y': 'true' } }),
  },
  {
    name: 'nested typed initializers',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/spec/template/spec/containers/-", value: Object.spec.template.spec.containers{name: "x", ports: [Object.spec.template.spec.containers.ports{containerPort: 8080}]}}]',
    ),
    object: containers(...named('a')),
    expected: containers({ name: 'a' }, { name: 'x', ports: [{ containerPort: 8080 }] }),
  },
  {
    name: 'an unknown field in an initializer fails strict decoding',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/spec/template/spec/containers/-", value: Object.spec.template.spec.containers{name: "x", ports: [Object.spec.template.spec.containers.ports{containerPortZ: 8080}]}}]',
    ),
    object: containers(...named('a')),
    expected: { error: 'strict decoding error: unknown field "spec.template.spec.containers[1].ports[0].containerPortZ"' },
  },
  // jsonPatcher.Patch (mutating/patch/json_patch.go) decodes the patched JSON with the strict
  // serializer into the typed object: a value its Go field cannot hold is a decode error.
  {
    name: 'json_patch.go jsonPatcher.Patch: a string for an int32 field fails decoding',
    mutation: patch('[JSONPatch{op: "add", path: "/spec/replicas", value: "x"}]'),
    object: dep(),
    expected: { error: 'decoding error: "spec.replicas" must be an integer, not "x"' },
  },
  {
    name: 'json_patch.go jsonPatcher.Patch: a mapping as a label value fails decoding',
    mutation: patch('[JSONPatch{op: "add", path: "/metadata/labels", value: {"x": {"a": 1}}}]'),
    object: dep(),
    expected: { error: 'decoding error: "metadata.labels.x" must be a string, not a mapping' },
  },
  {
    name: 'json_patch.go jsonPatcher.Patch: a number for a string field and a string for a list fail decoding',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/spec/template/spec/containers/0/image", value: 42}, JSONPatch{op: "add", path: "/spec/template/spec/initContainers", value: "notalist"}]',
    ),
    object: containers({ name: 'a', image: 'nginx' }),
    expected: {
      error:
        'decoding error: "spec.template.spec.initContainers" must be a list, not "notalist", "spec.template.spec.containers[0].image" must be a string, not the number 42',
    },
  },
  {
    name: 'json_patch.go jsonPatcher.Patch: an integer beyond int32 fails decoding',
    mutation: patch('[JSONPatch{op: "add", path: "/spec/replicas", value: 4294967296}]'),
    object: dep(),
    expected: {
      error: 'decoding error: "spec.replicas" must be an int32 (-2147483648 to 2147483647), not the number 4294967296',
    },
  },
  {
    name: 'json_patch.go jsonPatcher.Patch: a null is decoded as the zero value',
    mutation: patch('[JSONPatch{op: "add", path: "/spec/paused", value: null}]'),
    object: dep(),
    expected: dep({ spec: { paused: null } }),
  },
  {
    name: 'a wrong nested type name',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/spec/template/spec/containers/-", value: Object.spec.template.spec.containers{name: "x", ports: [Object.spec.template.spec.containers.portsZ{containerPort: 8080}]}}]',
    ),
    object: containers(...named('a')),
    expected: {
      error:
        'type mismatch: unexpected type name "Object.spec.template.spec.containers.portsZ", expected "Object.spec.template.spec.containers.ports"',
    },
  },
  {
    name: 'replace at - is an error',
    mutation: patch('[JSONPatch{op: "replace", path: "/spec/template/spec/containers/-", value: {"name": "x"}}]'),
    object: containers(...named('a')),
    expected: {
      error: 'JSON Patch: replace operation does not apply: doc is missing key: /spec/template/spec/containers/-: missing value',
    },
  },
  {
    name: 'a struct read from the object',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/spec/template/spec/containers/1", value: object.spec.template.spec.containers[0]}]',
    ),
    object: containers(...named('a')),
    expected: containers(...named('a', 'a')),
  },
  {
    name: 'a list read from the object',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/spec/template/spec/initContainers", value: object.spec.template.spec.containers}]',
    ),
    object: containers({ name: 'a', image: 'nginx' }),
    expected: dep({
      spec: podSpec({ containers: [{ name: 'a', image: 'nginx' }], initContainers: [{ name: 'a', image: 'nginx' }] }),
    }),
  },
  {
    name: 'list concatenation',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/spec/template/spec/containers", value: object.spec.template.spec.containers + [object.spec.template.spec.containers[0]]}]',
    ),
    object: containers(...named('a')),
    expected: containers(...named('a', 'a')),
  },
  {
    name: 'concatenation with constants',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/spec/template/spec/containers/0/args", value: object.spec.template.spec.containers[0].command + ["--debug", "-v"]}]',
    ),
    object: containers({ name: 'c1', command: ['server', 'start'] }),
    expected: containers({ name: 'c1', command: ['server', 'start'], args: ['server', 'start', '--debug', '-v'] }),
  },
  {
    name: 'concatenation of the object and a typed initializer',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/spec/template/spec/initContainers", value: object.spec.template.spec.containers + [Object.spec.template.spec.initContainers{name: "init-1", image: "alpine:3.18", command: ["echo", "init1"]}]}]',
    ),
    object: containers({ name: 'main', image: 'nginx:1.24' }),
    expected: dep({
      spec: podSpec({
        containers: [{ name: 'main', image: 'nginx:1.24' }],
        initContainers: [
          { name: 'main', image: 'nginx:1.24' },
          { name: 'init-1', image: 'alpine:3.18', command: ['echo', 'init1'] },
        ],
      }),
    }),
  },
  {
    name: 'concatenation of a map literal and the object',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/spec/template/spec/initContainers", value: [{"name": "u", "image": "alpine:3.18"}] + object.spec.template.spec.containers}]',
    ),
    object: containers({ name: 'main', image: 'nginx:1.24' }),
    expected: dep({
      spec: podSpec({
        containers: [{ name: 'main', image: 'nginx:1.24' }],
        initContainers: [
          { name: 'u', image: 'alpine:3.18' },
          { name: 'main', image: 'nginx:1.24' },
        ],
      }),
    }),
  },
  {
    name: 'concatenation of two typed lists',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/spec/template/spec/initContainers", value: [Object.spec.template.spec.initContainers{name: "i1"}] + [Object.spec.template.spec.initContainers{name: "i2"}]}]',
    ),
    object: containers(...named('main')),
    expected: dep({ spec: podSpec({ containers: named('main'), initContainers: named('i1', 'i2') }) }),
  },
  {
    name: 'a map comprehension',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/metadata/labels/added", value: object.metadata.labels.all(k, k != "invalid") ? "true" : "false"}]',
    ),
    object: dep({ labels: { env: 'prod' } }),
    expected: dep({ labels: { env: 'prod', added: 'true' } }),
  },
  {
    name: 'scalars read from the object',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/spec/progressDeadlineSeconds", value: object.spec.replicas}, JSONPatch{op: "add", path: "/spec/template/spec/hostNetwork", value: object.spec.paused}]',
    ),
    object: dep({ spec: { replicas: 3, paused: true, template: { spec: {} } } }),
    expected: dep({ spec: { replicas: 3, paused: true, progressDeadlineSeconds: 3, template: { spec: { hostNetwork: true } } } }),
  },
  {
    name: 'quantities read from the object',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/spec/template/spec/containers/0/resources/limits", value: {"cpu": object.spec.template.spec.containers[0].resources.requests["cpu"]}}]',
    ),
    object: containers({ name: 'c1', resources: { requests: { cpu: '100m' } } }),
    expected: containers({ name: 'c1', resources: { requests: { cpu: '100m' }, limits: { cpu: '100m' } } }),
  },
  {
    name: 'a map read from the object',
    mutation: patch('[JSONPatch{op: "add", path: "/metadata/annotations", value: object.metadata.labels}]'),
    object: dep({ labels: { env: 'prod' } }),
    expected: {
      ...dep({ labels: { env: 'prod' } }),
      metadata: { name: 'web', namespace: 'default', labels: { env: 'prod' }, annotations: { env: 'prod' } },
    },
  },
  {
    name: 'a constant struct with a quantity map',
    mutation: patch(
      '[JSONPatch{op: "add", path: "/spec/template/spec/containers/1", value: Object.spec.template.spec.containers{name: "sidecar", command: ["sh"], resources: Object.spec.template.spec.containers.resources{limits: {"cpu": "200m"}}}}]',
    ),
    object: containers(...named('main')),
    expected: containers({ name: 'main' }, { name: 'sidecar', command: ['sh'], resources: { limits: { cpu: '200m' } } }),
  },
];

const volumes = (...list: JsonObject[]): JsonObject => dep({ spec: podSpec({ volumes: list }) });
const applyCases: Case[] = [
  {
    name: 'add to a map list',
    mutation: apply(
      'Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{volumes: [Object.spec.template.spec.volumes{name: "y"}]}}}}',
    ),
    object: volumes(...named('x')),
    expected: volumes(...named('x', 'y')),
  },
  {
    name: 'update a map list entry',
    mutation: apply(
      'Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{volumes: [Object.spec.template.spec.volumes{name: "y", hostPath: Object.spec.template.spec.volumes.hostPath{path: "a"}}]}}}}',
    ),
    object: volumes(...named('x', 'y')),
    expected: volumes({ name: 'x' }, { name: 'y', hostPath: { path: 'a' } }),
  },
  {
    name: 'conditionals',
    mutation: apply(
      'Object{spec: Object.spec{replicas: object.spec.replicas % 2 == 0?object.spec.replicas + 1:object.spec.replicas}}',
    ),
    object: dep({ spec: { replicas: 2 } }),
    expected: dep({ spec: { replicas: 3 } }),
  },
  {
    name: 'reads oldObject',
    mutation: apply(
      'Object{spec: Object.spec{replicas: oldObject.spec.replicas % 2 == 0?oldObject.spec.replicas + 1:oldObject.spec.replicas}}',
    ),
    object: dep({ spec: { replicas: 1 } }),
    oldObject: dep({ spec: { replicas: 2 } }),
    expected: dep({ spec: { replicas: 3 } }),
  },
  {
    name: 'a complex initialization',
    mutation: apply(
      'Object{spec: Object.spec{replicas: 1, template: Object.spec.template{metadata: Object.spec.template.metadata{labels: {"app": "nginx"}}, spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: "nginx", image: "nginx:1.14.2", ports: [Object.spec.template.spec.containers.ports{containerPort: 80}], resources: Object.spec.template.spec.containers.resources{limits: {"cpu": "128M"}}}]}}}}',
    ),
    object: dep(),
    expected: dep({
      spec: {
        replicas: 1,
        template: {
          metadata: { labels: { app: 'nginx' } },
          spec: {
            containers: [
              { name: 'nginx', image: 'nginx:1.14.2', ports: [{ containerPort: 80 }], resources: { limits: { cpu: '128M' } } },
            ],
          },
        },
      },
    }),
  },
  {
    name: 'an atomic struct',
    mutation: apply('Object{spec: Object.spec{selector: Object.spec.selector{matchLabels: {"l": "v"}}}}'),
    object: dep({ spec: { replicas: 1 } }),
    expected: { error: 'invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .spec.selector' },
  },
  {
    name: 'a wrong type name',
    mutation: apply('Object{spec: Object.specx{replicas: 1}}'),
    object: dep({ spec: { replicas: 1 } }),
    expected: { error: 'type mismatch: unexpected type name "Object.specx", expected "Object.spec"' },
  },
  {
    name: 'an unknown field',
    mutation: apply('Object{spec: Object.spec{replicasx: 1}}'),
    object: dep({ spec: { replicas: 1 } }),
    expected: { error: 'failed to convert patch object to typed object: .spec.replicasx: field not declared in schema' },
  },
  {
    name: 'a string is not an apply configuration',
    mutation: apply('"I\'m a teapot!"'),
    object: dep({ spec: { replicas: 1 } }),
    expected: { error: 'must evaluate to Object' },
  },
  {
    name: 'an initializer of another path is not an apply configuration',
    mutation: apply('Object.spec.metadata{}'),
    object: dep({ spec: { replicas: 1 } }),
    expected: { error: 'must evaluate to Object, got Object.spec.metadata' },
  },
  {
    name: 'duplicate map list keys the configuration leaves alone are kept',
    mutation: apply('Object{spec: Object.spec{replicas: 3}}'),
    object: dep({
      spec: {
        replicas: 1,
        ...podSpec({
          containers: [
            {
              name: 'nginx',
              env: [
                { name: 'test', value: 'a' },
                { name: 'test', value: 'b' },
              ],
            },
          ],
        }),
      },
    }),
    expected: dep({
      spec: {
        replicas: 3,
        ...podSpec({
          containers: [
            {
              name: 'nginx',
              env: [
                { name: 'test', value: 'a' },
                { name: 'test', value: 'b' },
              ],
            },
          ],
        }),
      },
    }),
  },
  {
    name: 'duplicate map list keys the configuration touches collapse',
    mutation: apply(
      'Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: "nginx", env: [Object.spec.template.spec.containers.env{name: "test", value: "c"}]}]}}}}',
    ),
    object: dep({
      spec: {
        replicas: 1,
        ...podSpec({
          containers: [
            {
              name: 'nginx',
              env: [
                { name: 'test', value: 'a' },
                { name: 'test', value: 'b' },
                { name: 'foo', value: 'bar' },
              ],
            },
          ],
        }),
      },
    }),
    expected: dep({
      spec: {
        replicas: 1,
        ...podSpec({
          containers: [
            {
              name: 'nginx',
              env: [
                { name: 'test', value: 'c' },
                { name: 'foo', value: 'bar' },
              ],
            },
          ],
        }),
      },
    }),
  },
  {
    name: 'an atomic list (command)',
    mutation: apply(
      'Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: "a", command: ["sh"]}]}}}}',
    ),
    object: containers(...named('a')),
    expected: { error: 'may not mutate atomic arrays, maps or structs: .spec.template.spec.containers[name="a"].command' },
  },
  {
    name: 'an atomic map (nodeSelector)',
    mutation: apply(
      'Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{nodeSelector: {"zone": "a"}}}}}',
    ),
    object: containers(...named('a')),
    expected: { error: 'may not mutate atomic arrays, maps or structs: .spec.template.spec.nodeSelector' },
  },
  {
    name: 'an atomic list (tolerations)',
    mutation: apply(
      'Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{tolerations: [Object.spec.template.spec.tolerations{key: "k", operator: "Exists"}]}}}}',
    ),
    object: containers(...named('a')),
    expected: { error: 'may not mutate atomic arrays, maps or structs: .spec.template.spec.tolerations' },
  },
  {
    name: 'labels merge key by key',
    mutation: apply('Object{metadata: Object.metadata{labels: {"b": "2"}}}'),
    object: dep({ labels: { a: '1' } }),
    expected: dep({ labels: { a: '1', b: '2' } }),
  },
  {
    // A configuration's new entries keep their place before the shared ones they precede.
    name: 'env entries merge by name, in the order of the configuration',
    mutation: apply(
      'Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: "a", env: [Object.spec.template.spec.containers.env{name: "Y", value: "2"}, Object.spec.template.spec.containers.env{name: "X", value: "9"}]}]}}}}',
    ),
    object: containers({ name: 'a', env: [{ name: 'X', value: '1' }] }),
    expected: containers({
      name: 'a',
      env: [
        { name: 'Y', value: '2' },
        { name: 'X', value: '9' },
      ],
    }),
  },
  {
    name: 'env entries only added land after the live ones',
    mutation: apply(
      'Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: "a", env: [Object.spec.template.spec.containers.env{name: "Y", value: "2"}]}]}}}}',
    ),
    object: containers({ name: 'a', env: [{ name: 'X', value: '1' }] }),
    expected: containers({
      name: 'a',
      env: [
        { name: 'X', value: '1' },
        { name: 'Y', value: '2' },
      ],
    }),
  },
  {
    name: 'a struct merges field by field',
    mutation: apply(
      'Object{spec: Object.spec{strategy: Object.spec.strategy{rollingUpdate: Object.spec.strategy.rollingUpdate{maxSurge: 2}}}}',
    ),
    object: dep({ spec: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } } } }),
    expected: dep({ spec: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 2 } } } }),
  },
  {
    name: 'finalizers are a set',
    mutation: apply('Object{metadata: Object.metadata{finalizers: ["b", "a"]}}'),
    object: { ...dep(), metadata: { name: 'web', namespace: 'default', finalizers: ['a'] } },
    expected: { ...dep(), metadata: { name: 'web', namespace: 'default', finalizers: ['b', 'a'] } },
  },
];

describe('upstream parity: JSON patch', () => {
  it.each(jsonPatchCases)('$name', (c) => check(c));
});

describe('upstream parity: apply configuration', () => {
  it.each(applyCases)('$name', (c) => check(c));
});

// Whole policies, from the upstream compilation and dispatcher tests: several mutations,
// variables, params, the request and namespace variables, and policies one after another.
interface PolicyCase {
  name: string;
  policies: PolicyOptions[];
  object: JsonObject;
  extra?: JsonObject[];
  binding?: JsonObject;
  expected: JsonObject | { error: string };
}

function runPolicies(c: PolicyCase) {
  const objects: JsonObject[] = [];
  c.policies.forEach((p, i) => {
    const name = p.name ?? `policy${i + 1}`;
    objects.push(policy({ ...p, name }), binding(`${name}-binding`, name, c.binding ?? {}));
  });
  return admit(createState([...objects, ...(c.extra ?? [])]), deploymentRequest(c.object));
}

const replicas = (n: number): JsonObject => dep({ spec: { replicas: n } });
const labelled = (labels: Record<string, string>): JsonObject => dep({ labels, spec: { replicas: 1 } });
const REPLACE_TEN = '[JSONPatch{op: "replace", path: "/spec/replicas", value: object.spec.replicas + 10}]';
const ADD_HUNDRED = 'Object{spec: Object.spec{replicas: object.spec.replicas + 100}}';
const NESTED_ALL =
  'variables.list.all(x1, variables.list.all(x2, variables.list.all(x3, variables.list.all(x4, variables.list.all(x5, variables.list.all(x5, "0123456789" == "0123456789"))))))';
const ALL_OPS = { resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['*'], resources: ['deployments'] }] };

const policyCases: PolicyCase[] = [
  {
    name: 'an apply configuration, then a JSON patch',
    policies: [{ mutations: [apply(ADD_HUNDRED), patch(REPLACE_TEN)] }],
    object: replicas(1),
    expected: replicas(111),
  },
  {
    name: 'a JSON patch, then an apply configuration',
    policies: [{ mutations: [patch(REPLACE_TEN), apply(ADD_HUNDRED)] }],
    object: replicas(1),
    expected: replicas(111),
  },
  {
    name: 'a JSON patch reads a variable',
    policies: [
      {
        variables: [{ name: 'desired', expression: '10' }],
        mutations: [patch('[JSONPatch{op: "replace", path: "/spec/replicas", value: variables.desired + 1}]')],
      },
    ],
    object: replicas(1),
    expected: replicas(11),
  },
  {
    name: 'an apply configuration reads a variable',
    policies: [
      {
        variables: [{ name: 'desired', expression: '10' }],
        mutations: [apply('Object{spec: Object.spec{replicas: variables.desired + 1}}')],
      },
    ],
    object: replicas(1),
    expected: replicas(11),
  },
  {
    name: 'an apply configuration reads params',
    policies: [
      {
        paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
        mutations: [apply("Object{spec: Object.spec{replicas: int(params.data['k1'])}}")],
      },
    ],
    extra: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'default' }, data: { k1: '100' } }],
    binding: { paramRef: { name: 'settings', parameterNotFoundAction: 'Deny' } },
    object: replicas(1),
    expected: replicas(100),
  },
  {
    name: 'a JSON patch over the cost limit',
    policies: [
      {
        variables: [{ name: 'list', expression: '[0,1,2,3,4,5,6,7,8,9]' }],
        mutations: [patch(`[JSONPatch{op: "replace", path: "/spec/replicas", value: ${NESTED_ALL} ? 1 : 0}]`)],
      },
    ],
    object: replicas(1),
    expected: { error: 'cost limit exceeded' },
  },
  {
    name: 'an apply configuration over the cost limit',
    policies: [
      {
        variables: [{ name: 'list', expression: '[0,1,2,3,4,5,6,7,8,9]' }],
        mutations: [apply(`Object{spec: Object.spec{replicas: ${NESTED_ALL} ? 1 : 0}}`)],
      },
    ],
    object: replicas(1),
    expected: { error: 'cost limit exceeded' },
  },
  {
    name: 'the request variable',
    policies: [
      {
        mutations: [
          patch(
            "[JSONPatch{op: \"replace\", path: \"/spec/replicas\", value: request.kind.group == 'apps' && request.kind.version == 'v1' && request.kind.kind == 'Deployment' ? 10 : 0}]",
          ),
        ],
      },
    ],
    object: replicas(1),
    expected: replicas(10),
  },
  {
    name: 'the namespace variable',
    policies: [
      {
        mutations: [
          patch(
            '[JSONPatch{op: "replace", path: "/spec/replicas", value: namespaceObject.metadata.name == \'default\' ? 10 : 0}]',
          ),
        ],
      },
    ],
    extra: [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } }],
    object: replicas(1),
    expected: replicas(10),
  },
  {
    name: 'Object fields read back',
    policies: [
      {
        mutations: [
          patch('[JSONPatch{op: "add", path: "/metadata/labels", value: {"value": Object{field: "fieldValue"}.field}}]'),
        ],
      },
    ],
    object: dep(),
    expected: dep({ labels: { value: 'fieldValue' } }),
  },
  {
    name: 'has() on Object',
    policies: [
      {
        mutations: [
          patch(
            '[JSONPatch{op: "add", path: "/metadata/labels", value: {"field": string(has(Object{field: "fieldValue"}.field)), "field-unset": string(has(Object{}.field))}}]',
          ),
        ],
      },
    ],
    object: dep(),
    expected: dep({ labels: { field: 'true', 'field-unset': 'false' } }),
  },
  {
    name: 'Object equality',
    policies: [
      {
        mutations: [
          patch(
            '[JSONPatch{op: "add", path: "/metadata/labels", value: {"empty": string(Object{} == Object{}), "same": string(Object{field: "x"} == Object{field: "x"}), "different": string(Object{field: "x"} == Object{field: "y"})}}]',
          ),
        ],
      },
    ],
    object: dep(),
    expected: dep({ labels: { empty: 'true', same: 'true', different: 'false' } }),
  },
  {
    name: 'the name of a JSON patch value is not checked',
    policies: [{ mutations: [patch('[JSONPatch{op: "add", path: "/spec", value: Object.invalid{replicas: 1}}]')] }],
    object: dep(),
    expected: replicas(1),
  },
  {
    name: 'two policies read the same label',
    policies: [
      {
        matchConstraints: ALL_OPS,
        mutations: [
          apply(
            'Object{metadata: Object.metadata{labels: {"policy1": string(int(object.?metadata.labels["count"].orValue("1")) + 1)}}}',
          ),
        ],
      },
      {
        matchConstraints: ALL_OPS,
        mutations: [
          apply(
            'Object{metadata: Object.metadata{labels: {"policy2": string(int(object.?metadata.labels["count"].orValue("1")) + 1)}}}',
          ),
        ],
      },
    ],
    object: replicas(1),
    expected: labelled({ policy1: '2', policy2: '2' }),
  },
  {
    name: 'a later policy matches on what an earlier one set',
    policies: [
      { mutations: [apply('Object{metadata: Object.metadata{labels: {"environment": "production"}}}')] },
      {
        matchConditions: [{ name: 'prodonly', expression: 'object.?metadata.labels["environment"].orValue("") == "production"' }],
        mutations: [apply('Object{metadata: Object.metadata{labels: {"policy1invoked": "true"}}}')],
      },
    ],
    object: replicas(1),
    expected: labelled({ environment: 'production', policy1invoked: 'true' }),
  },
  {
    name: 'an earlier policy does not see what a later one sets, without reinvocation',
    policies: [
      {
        matchConditions: [{ name: 'prodonly', expression: 'object.?metadata.labels["environment"].orValue("") == "production"' }],
        mutations: [apply('Object{metadata: Object.metadata{labels: {"policy1invoked": "true"}}}')],
      },
      { mutations: [apply('Object{metadata: Object.metadata{labels: {"environment": "production"}}}')] },
    ],
    object: replicas(1),
    expected: labelled({ environment: 'production' }),
  },
  {
    // Upstream queues a policy for reinvocation only once it ran: one skipped by a false match
    // condition is not run again when a later policy changes the object.
    name: 'nor with IfNeeded, when its match condition kept it from running',
    policies: [
      {
        reinvocationPolicy: 'IfNeeded',
        matchConditions: [{ name: 'prodonly', expression: 'object.?metadata.labels["environment"].orValue("") == "production"' }],
        mutations: [apply('Object{metadata: Object.metadata{labels: {"policy1invoked": "true"}}}')],
      },
      { mutations: [apply('Object{metadata: Object.metadata{labels: {"environment": "production"}}}')] },
    ],
    object: replicas(1),
    expected: labelled({ environment: 'production' }),
  },
  {
    name: 'an IfNeeded policy that ran is run again after a later change',
    policies: [
      {
        reinvocationPolicy: 'IfNeeded',
        mutations: [
          apply('Object{metadata: Object.metadata{labels: {"seen": object.?metadata.labels["environment"].orValue("none")}}}'),
        ],
      },
      { mutations: [apply('Object{metadata: Object.metadata{labels: {"environment": "production"}}}')] },
    ],
    object: replicas(1),
    expected: labelled({ seen: 'production', environment: 'production' }),
  },
  {
    name: 'a lone IfNeeded counter runs twice',
    policies: [
      {
        reinvocationPolicy: 'IfNeeded',
        mutations: [
          apply(
            'Object{metadata: Object.metadata{labels: {"count": string(int(object.?metadata.labels["count"].orValue("0")) + 1)}}}',
          ),
        ],
      },
    ],
    object: replicas(1),
    expected: labelled({ count: '2' }),
  },
  {
    name: 'a lone Never counter runs once',
    policies: [
      {
        reinvocationPolicy: 'Never',
        mutations: [
          apply(
            'Object{metadata: Object.metadata{labels: {"count": string(int(object.?metadata.labels["count"].orValue("0")) + 1)}}}',
          ),
        ],
      },
    ],
    object: replicas(1),
    expected: labelled({ count: '1' }),
  },
  {
    name: 'three policies counting, IfNeeded, IfNeeded, Never, end at 5',
    policies: (['IfNeeded', 'IfNeeded', 'Never'] as const).map((r) => ({
      reinvocationPolicy: r,
      mutations: [
        apply(
          'Object{metadata: Object.metadata{labels: {"count": string(int(object.?metadata.labels["count"].orValue("0")) + 1)}}}',
        ),
      ],
    })),
    object: replicas(1),
    expected: labelled({ count: '5' }),
  },
];

describe('upstream parity: policies', () => {
  it.each(policyCases)('$name', (c) => {
    const result = runPolicies(c);
    if ('error' in c.expected) {
      expect(result.allowed).toBe(false);
      expect(result.status?.message).toContain(c.expected.error);
    } else {
      expect(result.status?.message).toBeUndefined();
      expect(result.object).toEqual(c.expected);
    }
  });
});

// Kinds of the core group, from the upstream plugin tests: a ConfigMap and a Pod.
describe('upstream parity: core kinds', () => {
  const rulesFor = (resource: string): JsonObject => ({
    resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: [resource] }],
  });
  const requestFor = (object: JsonObject, kind: string, resource: string) =>
    deploymentRequest(object, { kind: { group: '', version: 'v1', kind }, resource: { group: '', version: 'v1', resource } });
  const run = (resource: string, kind: string, mutation: Mutation, object: JsonObject) =>
    admit(singlePolicyState({ matchConstraints: rulesFor(resource), mutations: [mutation] }), requestFor(object, kind, resource));
  const configMap = (extra: JsonObject = {}): JsonObject => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'cm', namespace: 'default' },
    ...extra,
  });

  it('applies a configuration to a ConfigMap', () => {
    const result = run(
      'configmaps',
      'ConfigMap',
      apply('Object{metadata: Object.metadata{annotations: {"foo": "bar"}}, data: {"myfield": "myvalue"}}'),
      configMap(),
    );
    expect(result.status?.message).toBeUndefined();
    expect(result.object).toEqual(
      configMap({ metadata: { name: 'cm', namespace: 'default', annotations: { foo: 'bar' } }, data: { myfield: 'myvalue' } }),
    );
  });

  it('patches a ConfigMap', () => {
    const result = run(
      'configmaps',
      'ConfigMap',
      patch(
        '[JSONPatch{op: "add", path: "/metadata/annotations", value: {"foo": "bar"}}, JSONPatch{op: "add", path: "/data", value: {"myfield": "myvalue"}}]',
      ),
      configMap(),
    );
    expect(result.status?.message).toBeUndefined();
    expect(result.object).toEqual(
      configMap({ metadata: { name: 'cm', namespace: 'default', annotations: { foo: 'bar' } }, data: { myfield: 'myvalue' } }),
    );
  });

  it('merges init containers of a Pod by name', () => {
    const pod: JsonObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'default' },
      spec: { initContainers: [{ name: 'init-container', image: 'image' }], containers: [{ name: 'app', image: 'app' }] },
    };
    const result = run(
      'pods',
      'Pod',
      apply(
        'Object{metadata: Object.metadata{annotations: {"foo": "bar"}}, spec: Object.spec{initContainers: [Object.spec.initContainers{name: "injected-init-container", image: "injected-image"}]}}',
      ),
      pod,
    );
    expect(result.status?.message).toBeUndefined();
    expect(result.object).toEqual({
      ...pod,
      metadata: { name: 'p', namespace: 'default', annotations: { foo: 'bar' } },
      spec: {
        initContainers: [
          { name: 'init-container', image: 'image' },
          { name: 'injected-init-container', image: 'injected-image' },
        ],
        containers: [{ name: 'app', image: 'app' }],
      },
    });
  });
});

// Params and failures (upstream generic/policy_dispatcher.go, CollectParams and Dispatch): every
// error of a Fail policy denies.
describe('upstream parity: params and failure policies', () => {
  const LABEL = apply('Object{metadata: Object.metadata{labels: {"limit": params == null ? "none" : params.data["limit"]}}}');
  const withParams = (o: Partial<PolicyOptions> = {}): PolicyOptions => ({
    paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
    mutations: [LABEL],
    ...o,
  });
  const cm = (name: string, limit: string, namespace = 'default'): JsonObject => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace },
    data: { limit },
  });
  const run = (p: PolicyOptions, bindingSpec: JsonObject, extra: JsonObject[] = [], object = dep({ spec: { replicas: 1 } })) =>
    admit(singlePolicyState(p, extra, bindingSpec), deploymentRequest(object));
  const limit = (r: ReturnType<typeof run>) =>
    (r.object as { metadata?: { labels?: Record<string, string> } } | undefined)?.metadata?.labels?.limit;

  it('reads the param a binding names', () =>
    expect(limit(run(withParams(), { paramRef: { name: 'a', parameterNotFoundAction: 'Deny' } }, [cm('a', '3')]))).toBe('3'));
  it('runs once per param a selector finds', () => {
    const counting = withParams({
      mutations: [
        apply(
          'Object{metadata: Object.metadata{labels: {"limit": object.?metadata.labels["limit"].orValue("") + params.data["limit"]}}}',
        ),
      ],
    });
    expect(
      limit(run(counting, { paramRef: { selector: {}, parameterNotFoundAction: 'Deny' } }, [cm('a', '1'), cm('b', '2')])),
    ).toBe('12');
  });
  it('binds params to null without a paramRef', () => expect(limit(run(withParams(), {}))).toBe('none'));
  it('denies under Deny when no param is found', () => {
    const r = run(withParams(), { paramRef: { name: 'missing', parameterNotFoundAction: 'Deny' } });
    expect(r.allowed).toBe(false);
    expect(r.status?.message).toContain('no params found');
  });
  it('skips the binding under Allow when no param is found', () => {
    const r = run(withParams(), { paramRef: { name: 'missing', parameterNotFoundAction: 'Allow' } });
    expect(r.allowed).toBe(true);
    expect(r.patch).toEqual([]);
  });
  it('admits a Deny without params under failurePolicy Ignore', () => {
    const r = run(withParams({ failurePolicy: 'Ignore' }), { paramRef: { name: 'missing', parameterNotFoundAction: 'Deny' } });
    expect(r.allowed).toBe(true);
    expect(r.patch).toEqual([]);
  });
  it('looks a namespaced param up in the request namespace unless the binding names one', () => {
    expect(
      limit(
        run(withParams(), { paramRef: { name: 'a', parameterNotFoundAction: 'Deny' } }, [
          cm('a', 'here'),
          cm('a', 'there', 'other'),
        ]),
      ),
    ).toBe('here');
    expect(
      limit(
        run(withParams(), { paramRef: { name: 'a', namespace: 'other', parameterNotFoundAction: 'Deny' } }, [
          cm('a', 'here'),
          cm('a', 'there', 'other'),
        ]),
      ),
    ).toBe('there');
  });
  it('denies a namespace on the paramRef of a cluster-scoped paramKind', () => {
    const nsParams = withParams({ paramKind: { apiVersion: 'v1', kind: 'Namespace' } });
    const r = run(nsParams, { paramRef: { name: 'default', namespace: 'default', parameterNotFoundAction: 'Deny' } }, [
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } },
    ]);
    expect(r.allowed).toBe(false);
    expect(r.status?.message).toContain('failed to configure binding');
  });
  it('denies a namespaced paramKind without a paramRef namespace for a cluster-scoped request', () => {
    const nsRules = {
      resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['namespaces'] }],
    };
    const state = singlePolicyState(withParams({ matchConstraints: nsRules }), [cm('a', '1')], {
      paramRef: { name: 'a', parameterNotFoundAction: 'Allow' },
    });
    const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'fresh' } };
    const r = admit(
      state,
      deploymentRequest(ns, {
        kind: { group: '', version: 'v1', kind: 'Namespace' },
        resource: { group: '', version: 'v1', resource: 'namespaces' },
        namespace: '',
        name: 'fresh',
      }),
    );
    expect(r.allowed).toBe(false);
    expect(r.status?.message).toContain('failed to configure binding');
  });
  it('ignores a paramRef when the policy has no paramKind', () => {
    const r = run(
      { mutations: [apply('Object{metadata: Object.metadata{labels: {"p": "ran"}}}')] },
      { paramRef: { name: 'missing', parameterNotFoundAction: 'Deny' } },
    );
    expect(r.status?.message).toBeUndefined();
    expect((r.object as { metadata: { labels: Record<string, string> } }).metadata.labels.p).toBe('ran');
  });
  it('denies an apply configuration that is not an Object at run time', () => {
    const r = run({ variables: [{ name: 'm', expression: '{"a": 1}' }], mutations: [apply('variables.m')] }, {});
    expect(r.allowed).toBe(false);
  });
  it('denies a JSON patch that removes what is not there, and admits it under Ignore', () => {
    const removing = patch('[JSONPatch{op: "remove", path: "/metadata/labels/none"}]');
    expect(run({ mutations: [removing] }, {}).allowed).toBe(false);
    expect(run({ mutations: [removing], failurePolicy: 'Ignore' }, {}).allowed).toBe(true);
  });
  it('denies a test whose parent is missing, which is an error and not a failed test', () => {
    const r = run({ mutations: [patch('[JSONPatch{op: "test", path: "/metadata/annotations/x", value: "y"}]')] }, {});
    expect(r.allowed).toBe(false);
    expect(r.status?.message).toContain('JSON Patch');
  });
  it('compares a test on an absent key of an existing object with null', () => {
    const r = run(
      {
        mutations: [
          patch(
            '[JSONPatch{op: "test", path: "/spec/paused", value: null}, JSONPatch{op: "add", path: "/spec/paused", value: true}]',
          ),
        ],
      },
      {},
    );
    expect(r.status?.message).toBeUndefined();
    expect((r.object as { spec: { paused?: boolean } }).spec.paused).toBe(true);
  });
  it('denies an add past the end of a list', () => {
    const past = patch('[JSONPatch{op: "add", path: "/spec/template/spec/containers/2", value: {"name": "x"}}]');
    expect(run({ mutations: [past] }, {}, [], containers(...named('a'))).allowed).toBe(false);
    const atEnd = patch('[JSONPatch{op: "add", path: "/spec/template/spec/containers/1", value: {"name": "x"}}]');
    expect(run({ mutations: [atEnd] }, {}, [], containers(...named('a'))).object).toEqual(containers(...named('a', 'x')));
  });
});

// Custom resources: the dispatcher finds the type converter of the invoked kind before it runs
// a mutation (upstream mutating/dispatcher.go, dispatchOne); without one it returns a 503
// status error naming the kind, which generic/policy_dispatcher.go (Dispatch) hands back as is,
// before the failure policies are looked at. With the CRD, the apply configuration merges by
// the CRD schema's list types and map keys (mutating/patch/smd.go, ApplyStructuredMergeDiff,
// through the type converter built from the CRD), and a JSON patch decodes the result as
// unstructured, with no strict decoding (mutating/patch/json_patch.go, jsonPatcher.Patch).
describe('upstream parity: custom resources', () => {
  const crd = widgetDefinition([
    {
      name: 'v1',
      served: true,
      storage: true,
      schema: specSchema({
        ports: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['port', 'protocol'],
          items: {
            type: 'object',
            properties: { port: { type: 'integer' }, protocol: { type: 'string' }, name: { type: 'string' } },
          },
        },
        tags: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } },
        hosts: { type: 'array', items: { type: 'string' } },
        owner: {
          type: 'object',
          'x-kubernetes-map-type': 'atomic',
          properties: { name: { type: 'string' }, team: { type: 'string' } },
        },
      }),
    },
    { name: 'v2', served: false, storage: false, schema: { openAPIV3Schema: { type: 'object' } } },
  ]);
  const widget = (spec: JsonObject, version = 'v1'): JsonObject => ({
    apiVersion: `example.plat.io/${version}`,
    kind: 'Widget',
    metadata: { name: 'w', namespace: 'default' },
    spec,
  });
  const run = (mutation: Mutation, object: JsonObject, p: Partial<PolicyOptions> = {}, objects: JsonObject[] = [crd]) => {
    const version = String(object.apiVersion).split('/')[1] as string;
    const rules: JsonObject = {
      resourceRules: [{ apiGroups: ['example.plat.io'], apiVersions: ['*'], operations: ['CREATE'], resources: ['widgets'] }],
    };
    const request = deploymentRequest(object, {
      kind: { group: 'example.plat.io', version, kind: 'Widget' },
      resource: { group: 'example.plat.io', version, resource: 'widgets' },
    });
    return admit(
      createState([...objects, policy({ name: 'p', matchConstraints: rules, mutations: [mutation], ...p }), binding('b', 'p')]),
      request,
    );
  };

  it('merges a list-map item by all its keys (dispatchOne with the CRD type converter, smd.go ApplyStructuredMergeDiff)', () => {
    const result = run(
      apply(
        'Object{spec: Object.spec{ports: [Object.spec.ports{port: 80, protocol: "UDP", name: "dns"}, Object.spec.ports{port: 80, protocol: "TCP", name: "web"}]}}',
      ),
      widget({
        ports: [
          { port: 80, protocol: 'TCP' },
          { port: 443, protocol: 'TCP' },
        ],
      }),
    );
    expect(result.status?.message).toBeUndefined();
    // A new item goes before the applied item that follows it in the configuration, as structured-merge-diff orders a merged list.
    expect(result.object).toEqual(
      widget({
        ports: [
          { port: 80, protocol: 'UDP', name: 'dns' },
          { port: 80, protocol: 'TCP', name: 'web' },
          { port: 443, protocol: 'TCP' },
        ],
      }),
    );
  });

  it('unites a set list and refuses to set an atomic list or an atomic struct (smd.go, atomic fields)', () => {
    expect(run(apply('Object{spec: Object.spec{tags: ["b", "c"]}}'), widget({ tags: ['a', 'b'] })).object).toEqual(
      widget({ tags: ['a', 'b', 'c'] }),
    );
    expect(run(apply('Object{spec: Object.spec{hosts: ["b"]}}'), widget({ hosts: ['a'] })).status?.message).toContain(
      'may not mutate atomic arrays, maps or structs: .spec.hosts',
    );
    expect(
      run(apply('Object{spec: Object.spec{owner: Object.spec.owner{team: "x"}}}'), widget({ owner: { name: 'n' } })).status
        ?.message,
    ).toContain('.spec.owner');
  });

  it('refuses a field the CRD does not declare (the typed conversion of the type converter)', () => {
    expect(run(apply('Object{spec: Object.spec{colour: "red"}}'), widget({})).status?.message).toContain(
      '.spec.colour: field not declared in schema',
    );
  });

  it('patches a custom resource with a field its CRD does not declare: unstructured, no strict decoding (json_patch.go, jsonPatcher.Patch)', () => {
    const result = run(patch('[JSONPatch{op: "add", path: "/spec/colour", value: "red"}]'), widget({}));
    expect(result.status?.message).toBeUndefined();
    expect(result.object).toEqual(widget({ colour: 'red' }));
  });

  for (const failurePolicy of ['Fail', 'Ignore'] as const) {
    for (const [what, mutation] of [
      ['an apply configuration', apply('Object{spec: Object.spec{tags: ["x"]}}')],
      ['a JSON patch', patch('[JSONPatch{op: "add", path: "/spec/tags", value: ["x"]}]')],
    ] as const) {
      it(`returns 503 naming the kind for ${what} without the CRD under failurePolicy ${failurePolicy} (dispatcher.go dispatchOne: no type converter; policy_dispatcher.go Dispatch returns the status error as is)`, () => {
        const result = run(mutation, widget({ tags: ['a'] }), { failurePolicy }, []);
        expect(result.allowed).toBe(false);
        expect(result.status).toMatchObject({ code: 503, reason: 'ServiceUnavailable' });
        expect(result.status?.message).toContain('Resource kind example.plat.io/v1, Kind=Widget not found');
        expect(result.object).toEqual(widget({ tags: ['a'] }));
      });
    }
  }

  it('returns 503 for a version the CRD does not serve (no type converter for that version)', () => {
    expect(run(apply('Object{spec: Object.spec{tags: ["x"]}}'), widget({}, 'v2')).status?.code).toBe(503);
  });

  it('looks for no type converter when a match condition skips the policy, nor for a request without an object (dispatchInvocations)', () => {
    const skipped = run(
      apply('Object{spec: Object.spec{tags: ["x"]}}'),
      widget({}),
      { matchConditions: [{ name: 'no', expression: 'false' }] },
      [],
    );
    expect(skipped.allowed).toBe(true);
  });
});
