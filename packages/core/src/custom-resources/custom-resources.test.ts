// Custom resources checked against their definition, case by case. Each case restates what the
// API server does with a custom resource of that schema (kubernetes/kubernetes at
// 054d429d9f8bc8de4fc82e6cf2281e12a13fe1f2, staging/src/k8s.io/apiextensions-apiserver), naming the
// upstream function; `errors` are the [rule, path] pairs the server's refusal maps to.
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../config/config.js';
import { catalog } from '../kinds/catalog.js';
import { lintSources } from '../lint/linter.js';
import { SourceFile } from '../source/source-file.js';
import { stringify } from 'yaml';
import { CustomKindConflictError, catalogWith, definitionsIn, type DefinitionSource } from './sources.js';
import { defaultedValue } from './prepare.js';
import { customVersionsOf } from './definition.js';

function definition(schema: Record<string, unknown>, extra: { versions?: unknown[]; scope?: string; subresources?: unknown } = {}): DefinitionSource {
  return {
    source: 'crd.yaml',
    value: {
      apiVersion: 'apiextensions.plat.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.example.com' },
      spec: {
        group: 'example.com',
        scope: extra.scope ?? 'Namespaced',
        names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
        versions: extra.versions ?? [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema }, ...(extra.subresources ? { subresources: extra.subresources } : {}) }],
      },
    },
  };
}

function lintWith(def: DefinitionSource, object: Record<string, unknown>) {
  const config = defaultConfig(process.cwd());
  // Plain keys and values only: YAML 1.1 reads `n`, `y`, `on` as booleans, as the platform does.
  const text = stringify({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'default' }, ...object });
  const [result] = lintSources({ files: [SourceFile.fromText('cr.yaml', text)], rules: [], configFor: () => config, catalog: catalogWith(catalog, [def]) });
  return (result?.diagnostics ?? []).filter((d) => d.severity === 'error').map((d) => [d.ruleId, d.path]);
}

const spec = (properties: Record<string, unknown>, more: Record<string, unknown> = {}) => ({ type: 'object', properties: { spec: { type: 'object', properties, ...more } } });

interface Case {
  name: string;
  upstream: string;
  schema: Record<string, unknown>;
  object: Record<string, unknown>;
  errors: [string, string][];
  subresources?: unknown;
}

const CASES: Case[] = [
  { name: 'a value of the schema passes', upstream: 'validation.ValidateCustomResource', schema: spec({ size: { type: 'string' } }), object: { spec: { size: 'small' } }, errors: [] },
  { name: 'a wrong type is refused', upstream: 'validation.ValidateCustomResource (kube-openapi type validator)', schema: spec({ replicas: { type: 'integer' } }), object: { spec: { replicas: '3' } }, errors: [['schema/type', 'spec.replicas']] },
  { name: 'an integer where a number is asked passes', upstream: 'kube-openapi validate type.go (integer is a number)', schema: spec({ ratio: { type: 'number' } }), object: { spec: { ratio: 2 } }, errors: [] },
  { name: 'a missing required field is refused', upstream: 'validation.ValidateCustomResource (required)', schema: spec({ size: { type: 'string' } }, { required: ['size'] }), object: { spec: {} }, errors: [['schema/required', 'spec.size']] },
  { name: 'a required field with a default is filled before validation', upstream: 'defaulting.Default, then ValidateCustomResource', schema: spec({ size: { type: 'string', default: 'small' } }, { required: ['size'] }), object: { spec: {} }, errors: [] },
  { name: 'a null in a field that is not nullable is dropped', upstream: 'defaulting.PruneNonNullableNullsWithoutDefaults', schema: spec({ size: { type: 'string' } }), object: { spec: { size: null } }, errors: [] },
  { name: 'a dropped null leaves a required field missing', upstream: 'defaulting.PruneNonNullableNullsWithoutDefaults, then required', schema: spec({ size: { type: 'string' } }, { required: ['size'] }), object: { spec: { size: null } }, errors: [['schema/required', 'spec.size']] },
  { name: 'a null in a nullable field stays and passes', upstream: 'kube-openapi nullable', schema: spec({ size: { type: 'string', nullable: true } }, { required: ['size'] }), object: { spec: { size: null } }, errors: [] },
  { name: 'a value outside the enum is refused', upstream: 'kube-openapi enum', schema: spec({ size: { type: 'string', enum: ['small', 'large'] } }), object: { spec: { size: 'medium' } }, errors: [['schema/enum', 'spec.size']] },
  { name: 'a pattern is read as RE2', upstream: 'kube-openapi pattern (Go regexp)', schema: spec({ color: { type: 'string', pattern: '^#[0-9a-f]{6}$' } }), object: { spec: { color: '#12345g' } }, errors: [['schema/format', 'spec.color']] },
  { name: 'an unknown field is refused (strict field validation)', upstream: 'pruning.PruneWithOptions with strict field validation', schema: spec({ size: { type: 'string' } }), object: { spec: { sise: 'small' } }, errors: [['schema/unknown-field', 'spec.sise']] },
  { name: 'preserve-unknown-fields keeps any field', upstream: 'pruning: x-kubernetes-preserve-unknown-fields', schema: spec({ extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } }), object: { spec: { extra: { a: 1, b: { c: 2 } } } }, errors: [] },
  { name: 'int-or-string takes both', upstream: 'x-kubernetes-int-or-string', schema: spec({ port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] } }), object: { spec: { port: 'http' } }, errors: [] },
  { name: 'int-or-string refuses a list', upstream: 'x-kubernetes-int-or-string', schema: spec({ port: { 'x-kubernetes-int-or-string': true } }), object: { spec: { port: [1] } }, errors: [['schema/type', 'spec.port']] },
  { name: 'bounds: exclusive maximum (OpenAPI 3.0 boolean form)', upstream: 'kube-openapi maximum/exclusiveMaximum', schema: spec({ count: { type: 'integer', maximum: 10, exclusiveMaximum: true } }), object: { spec: { count: 10 } }, errors: [['schema/range', 'spec.count']] },
  { name: 'string length', upstream: 'kube-openapi maxLength', schema: spec({ s: { type: 'string', maxLength: 3 } }), object: { spec: { s: 'abcd' } }, errors: [['schema/length', 'spec.s']] },
  { name: 'map size', upstream: 'kube-openapi maxProperties', schema: spec({ m: { type: 'object', maxProperties: 1, additionalProperties: { type: 'string' } } }), object: { spec: { m: { a: 'first', b: 'second' } } }, errors: [['schema/length', 'spec.m']] },
  { name: 'a known format is checked', upstream: 'validation/formats.go supportedVersionedFormats (uuid)', schema: spec({ id: { type: 'string', format: 'uuid' } }), object: { spec: { id: 'not-a-uuid' } }, errors: [['schema/format', 'spec.id']] },
  { name: 'an unknown format is ignored', upstream: 'StripUnsupportedFormatsPostProcessorForVersion', schema: spec({ id: { type: 'string', format: 'my-format' } }), object: { spec: { id: 'anything' } }, errors: [] },
  {
    name: 'a set repeats a value',
    upstream: 'listtype.ValidateListSetsAndMaps',
    schema: spec({ tags: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } } }),
    object: { spec: { tags: ['a', 'b', 'a'] } },
    errors: [['schema/duplicate', 'spec.tags[2]']],
  },
  {
    name: 'a list-map repeats a key',
    upstream: 'listtype.ValidateListSetsAndMaps',
    schema: spec({ ports: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'], items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, port: { type: 'integer' } } } } }),
    object: { spec: { ports: [{ name: 'http', port: 80 }, { name: 'http', port: 81 }] } },
    errors: [['schema/duplicate', 'spec.ports[1]']],
  },
  {
    name: 'an embedded resource names its apiVersion and kind',
    upstream: 'objectmeta.Validate (embedded resources)',
    schema: spec({ template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true } }),
    object: { spec: { template: { metadata: { name: 'x' } } } },
    errors: [
      ['schema/required', 'spec.template.apiVersion'],
      ['schema/required', 'spec.template.kind'],
    ],
  },
  {
    name: 'the scale subresource reads non-negative replicas',
    upstream: 'customResourceValidator.ValidateScaleSpec',
    schema: spec({ replicas: { type: 'integer' } }),
    subresources: { scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' } },
    object: { spec: { replicas: -1 } },
    errors: [['schema/range', 'spec.replicas']],
  },
  { name: 'metadata is ObjectMeta', upstream: 'customResourceValidator.Validate (ValidateObjectMetaAccessor)', schema: spec({}), object: { metadata: { name: 'w', labels: { app: 5 } } }, errors: [['schema/type', 'metadata.labels.app']] },
  { name: 'a definition without a schema takes anything', upstream: 'structural schema absent: preserve unknown fields', schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }, object: { spec: { a: 1 } }, errors: [] },
];

describe('custom resources against their definition', () => {
  for (const c of CASES) {
    it(`${c.name} (${c.upstream})`, () => {
      expect(lintWith(definition(c.schema, c.subresources ? { subresources: c.subresources } : {}), c.object)).toEqual(c.errors);
    });
  }

  it('refuses an object of a version the definition does not serve, naming the served one', () => {
    const def = definition(
      {},
      {
        versions: [
          { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } },
          { name: 'v1beta1', served: false, storage: false, schema: { openAPIV3Schema: { type: 'object' } } },
        ],
      },
    );
    const config = defaultConfig(process.cwd());
    const text = 'apiVersion: example.com/v1beta1\nkind: Widget\nmetadata: {name: w}\n';
    const [result] = lintSources({ files: [SourceFile.fromText('cr.yaml', text)], rules: [], configFor: () => config, catalog: catalogWith(catalog, [def]) });
    expect(result?.diagnostics.map((d) => [d.ruleId, d.path, d.message])).toEqual([['document/unknown-version', 'apiVersion', expect.stringContaining('use example.com/v1')]]);
  });

  it('lints the items of a custom kind’s List one by one', () => {
    const def = definition(spec({ size: { type: 'string' } }));
    const config = defaultConfig(process.cwd());
    const text = 'apiVersion: example.com/v1\nkind: WidgetList\nitems:\n- metadata: {name: a}\n  spec: {size: 1}\n';
    const [result] = lintSources({ files: [SourceFile.fromText('cr.yaml', text)], rules: [], configFor: () => config, catalog: catalogWith(catalog, [def]) });
    expect(result?.diagnostics.map((d) => [d.ruleId, d.path])).toEqual([['schema/type', 'items[0].spec.size']]);
  });
});

describe('defaulting', () => {
  it('fills defaults into defaulted values, and leaves the input as it was', () => {
    const [version] = customVersionsOf(definition(spec({ a: { type: 'object', default: {}, properties: { b: { type: 'integer', default: 3 } } } })).value, 'crd.yaml', catalog.typeSchema('meta/v1.ObjectMeta'));
    const input = { spec: {} };
    expect(defaultedValue(version!.schema, input)).toEqual({ spec: { a: { b: 3 } } });
    expect(input).toEqual({ spec: {} });
  });
});

describe('definition sources', () => {
  it('finds definitions in a file, List items too', () => {
    const def = definition(spec({}));
    const text = `${stringify(def.value)}---\n${stringify({ apiVersion: 'v1', kind: 'List', items: [def.value] })}`;
    expect(definitionsIn('crds.yaml', Buffer.from(text), catalog).map((d) => d.source)).toEqual(['crds.yaml', 'crds.yaml#2 (items.0)']);
  });

  it('a kind defined twice, differently, names both sources', () => {
    const a = definition(spec({ size: { type: 'string' } }));
    const b = { ...definition(spec({ size: { type: 'integer' } })), source: 'other.yaml' };
    expect(() => catalogWith(catalog, [a, b])).toThrow(CustomKindConflictError);
    expect(() => catalogWith(catalog, [a, b])).toThrow(/crd\.yaml and by other\.yaml/);
    // The same definition met twice is one definition.
    expect(() => catalogWith(catalog, [a, { ...a, source: 'copy.yaml' }])).not.toThrow();
  });

  it('a definition cannot replace a built-in kind', () => {
    const def = definition(spec({}));
    const spec_ = def.value.spec as Record<string, unknown>;
    const hijack = { ...def, value: { ...def.value, spec: { ...spec_, group: 'apps', names: { plural: 'deployments', kind: 'Deployment' } } } };
    expect(catalogWith(catalog, [hijack]).lookup('apps/v1', 'Deployment')?.info.scope).toBe('spec');
  });
});
