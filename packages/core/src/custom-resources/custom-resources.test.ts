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

function definition(
  schema: Record<string, unknown>,
  extra: { versions?: unknown[]; scope?: string; subresources?: unknown } = {},
): DefinitionSource {
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
        versions: extra.versions ?? [
          {
            name: 'v1',
            served: true,
            storage: true,
            schema: { openAPIV3Schema: schema },
            ...(extra.subresources ? { subresources: extra.subresources } : {}),
          },
        ],
      },
    },
  };
}

function lintWith(def: DefinitionSource, object: Record<string, unknown>) {
  const config = defaultConfig(process.cwd());
  // Plain keys and values only: YAML 1.1 reads `n`, `y`, `on` as booleans, as the platform does.
  const text = stringify({
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name: 'w', namespace: 'default' },
    ...object,
  });
  const [result] = lintSources({
    files: [SourceFile.fromText('cr.yaml', text)],
    rules: [],
    configFor: () => config,
    catalog: catalogWith(catalog, [def]),
  });
  return (result?.diagnostics ?? []).filter((d) => d.severity === 'error').map((d) => [d.ruleId, d.path]);
}

const spec = (properties: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { spec: { type: 'object', properties, ...more } },
});

interface Case {
  name: string;
  upstream: string;
  schema: Record<string, unknown>;
  object: Record<string, unknown>;
  errors: [string, string][];
  subresources?: unknown;
}

const CASES: Case[] = [
  {
    name: 'a value of the schema passes',
    upstream: 'validation.ValidateCustomResource',
    schema: spec({ size: { type: 'string' } }),
    object: { spec: { size: 'small' } },
    errors: [],
  },
  {
    name: 'a wrong type is refused',
    upstream: 'validation.ValidateCustomResource (kube-openapi type validator)',
    schema: spec({ replicas: { type: 'integer' } }),
    object: { spec: { replicas: '3' } },
    errors: [['schema/type', 'spec.replicas']],
  },
  {
    name: 'an integer where a number is asked passes',
    upstream: 'kube-openapi validate type.go (integer is a number)',
    schema: spec({ ratio: { type: 'number' } }),
    object: { spec: { ratio: 2 } },
    errors: [],
  },
  {
    name: 'a missing required field is refused',
    upstream: 'validation.ValidateCustomResource (required)',
    schema: spec({ size: { type: 'string' } }, { required: ['size'] }),
    object: { spec: {} },
    errors: [['schema/required', 'spec.size']],
  },
  {
    name: 'a required field with a default is filled before validation',
    upstream: 'defaulting.Default, then ValidateCustomResource',
    schema: spec({ size: { type: 'string', default: 'small' } }, { required: ['size'] }),
    object: { spec: {} },
    errors: [],
  },
  {
    name: 'a null in a field that is not nullable is dropped',
    upstream: 'defaulting.PruneNonNullableNullsWithoutDefaults',
    schema: spec({ size: { type: 'string' } }),
    object: { spec: { size: null } },
    errors: [],
  },
  {
    name: 'a dropped null leaves a required field missing',
    upstream: 'defaulting.PruneNonNullableNullsWithoutDefaults, then required',
    schema: spec({ size: { type: 'string' } }, { required: ['size'] }),
    object: { spec: { size: null } },
    errors: [['schema/required', 'spec.size']],
  },
  {
    name: 'a null in a nullable field stays and passes',
    upstream: 'kube-openapi nullable',
    schema: spec({ size: { type: 'string', nullable: true } }, { required: ['size'] }),
    object: { spec: { size: null } },
    errors: [],
  },
  {
    name: 'a value outside the enum is refused',
    upstream: 'kube-openapi enum',
    schema: spec({ size: { type: 'string', enum: ['small', 'large'] } }),
    object: { spec: { size: 'medium' } },
    errors: [['schema/enum', 'spec.size']],
  },
  {
    name: 'a pattern is read as RE2',
    upstream: 'kube-openapi pattern (Go regexp)',
    schema: spec({ color: { type: 'string', pattern: '^#[0-9a-f]{6}$' } }),
    object: { spec: { color: '#12345g' } },
    errors: [['schema/format', 'spec.color']],
  },
  {
    name: 'an unknown field is refused (strict field validation)',
    upstream: 'pruning.PruneWithOptions with strict field validation',
    schema: spec({ size: { type: 'string' } }),
    object: { spec: { sise: 'small' } },
    errors: [['schema/unknown-field', 'spec.sise']],
  },
  {
    name: 'preserve-unknown-fields keeps any field',
    upstream: 'pruning: x-kubernetes-preserve-unknown-fields',
    schema: spec({ extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } }),
    object: { spec: { extra: { a: 1, b: { c: 2 } } } },
    errors: [],
  },
  {
    name: 'int-or-string takes both',
    upstream: 'x-kubernetes-int-or-string',
    schema: spec({ port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] } }),
    object: { spec: { port: 'http' } },
    errors: [],
  },
  {
    name: 'int-or-string refuses a list',
    upstream: 'x-kubernetes-int-or-string',
    schema: spec({ port: { 'x-kubernetes-int-or-string': true } }),
    object: { spec: { port: [1] } },
    errors: [['schema/type', 'spec.port']],
  },
  {
    name: 'bounds: exclusive maximum (OpenAPI 3.0 boolean form)',
    upstream: 'kube-openapi maximum/exclusiveMaximum',
    schema: spec({ count: { type: 'integer', maximum: 10, exclusiveMaximum: true } }),
    object: { spec: { count: 10 } },
    errors: [['schema/range', 'spec.count']],
  },
  {
    name: 'string length',
    upstream: 'kube-openapi maxLength',
    schema: spec({ s: { type: 'string', maxLength: 3 } }),
    object: { spec: { s: 'abcd' } },
    errors: [['schema/length', 'spec.s']],
  },
  {
    name: 'map size',
    upstream: 'kube-openapi maxProperties',
    schema: spec({ m: { type: 'object', maxProperties: 1, additionalProperties: { type: 'string' } } }),
    object: { spec: { m: { a: 'first', b: 'second' } } },
    errors: [['schema/length', 'spec.m']],
  },
  {
    name: 'a known format is checked',
    upstream: 'validation/formats.go supportedVersionedFormats (uuid)',
    schema: spec({ id: { type: 'string', format: 'uuid' } }),
    object: { spec: { id: 'not-a-uuid' } },
    errors: [['schema/format', 'spec.id']],
  },
  {
    name: 'an unknown format is ignored',
    upstream: 'StripUnsupportedFormatsPostProcessorForVersion',
    schema: spec({ id: { type: 'string', format: 'my-format' } }),
    object: { spec: { id: 'anything' } },
    errors: [],
  },
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
    schema: spec({
      ports: {
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name'],
        items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, port: { type: 'integer' } } },
      },
    }),
    object: {
      spec: {
        ports: [
          { name: 'http', port: 80 },
          { name: 'http', port: 81 },
        ],
      },
    },
    errors: [['schema/duplicate', 'spec.ports[1]']],
  },
  {
    name: 'an embedded resource names its apiVersion and kind',
    upstream: 'objectmeta.Validate (embedded resources)',
    schema: spec({
      template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
    }),
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
  {
    name: 'metadata is ObjectMeta',
    upstream: 'customResourceValidator.Validate (ValidateObjectMetaAccessor)',
    schema: spec({}),
    object: { metadata: { name: 'w', labels: { app: 5 } } },
    errors: [['schema/type', 'metadata.labels.app']],
  },
  {
    name: 'a definition without a schema takes anything',
    upstream: 'structural schema absent: preserve unknown fields',
    schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
    object: { spec: { a: 1 } },
    errors: [],
  },
];

/**
 * Each format the server checks, restating the Go function behind it (kube-openapi
 * pkg/validation/strfmt and its forked govalidator, Go's net, net/mail, net/url and time), with
 * values it accepts and values it refuses; and formats the server accepts in a schema but never
 * checks. Names are compared without '-' (strfmt DefaultNameNormalizer).
 */
interface FormatCase {
  format: string;
  upstream: string;
  pass: string[];
  fail: string[];
}

const FORMAT_CASES: FormatCase[] = [
  {
    format: 'email',
    upstream: 'strfmt IsEmail: net/mail ParseAddress',
    pass: [
      'a@example.com',
      'Jo Doe <jo@example.com>',
      '"jo doe"@example.com',
      'jo@[192.0.2.1]',
      'jo@localhost',
      'jo@example.com (Jo)',
      'jö@exämple.com',
    ],
    fail: [
      '',
      'jo',
      'jo@',
      '@example.com',
      'jo..x@example.com',
      'jo@example..com',
      'Jo Doe <jo@example.com',
      'a@b.c, d@e.f',
      'jo@[999.0.0.1]',
      '=?koi8-r?b?wdDP?= <jo@example.com>',
    ],
  },
  {
    format: 'hostname',
    upstream: 'strfmt IsHostname: HostnamePattern, 255 bytes, 63-byte labels',
    pass: ['localhost', 'example.com', 'my-host.example.org', 'a.b.c.dev', 'xn--bcher-kva.example', 'bücher.de'],
    fail: ['', '-host', 'host-', 'example.c0m', 'a..b', 'under_score.com', `${'a'.repeat(64)}.com`, 'host.example.com.'],
  },
  {
    format: 'duration',
    upstream: 'strfmt IsDuration: time.ParseDuration or the Scala form',
    pass: ['30s', '1h30m', '-1.5h', '0', '300ms', '2µs', '3 days', '1 hour 2 minutes', '5 weeks'],
    fail: ['', '1', '1y', '30 seconds ago 2', 'h', '99999999999999999999 days', '1.5 days'],
  },
  {
    format: 'date-time',
    upstream: 'strfmt IsDateTime (the name without its dash is datetime)',
    pass: ['2024-05-01T12:00:00Z', '2024-05-01t12:00:00.123+02:00', '2024-02-29T23:59:59Z'],
    fail: [
      '2024-05-01',
      '2024-05-01T24:00:00Z',
      '2024-05-01T12:60:00Z',
      '2023-02-29T12:00:00Z',
      '2024-05-01T12:00:00',
      '2024-05-01 12:00:00Z',
    ],
  },
  { format: 'datetime', upstream: 'strfmt IsDateTime', pass: ['2024-05-01T12:00:00Z'], fail: ['yesterday'] },
  {
    format: 'date',
    upstream: 'strfmt IsDate: time.Parse("2006-01-02")',
    pass: ['2024-02-29', '0000-02-29'],
    fail: ['2023-02-29', '2024-13-01', '24-01-01', '2024-1-1'],
  },
  {
    format: 'uri',
    upstream: 'govalidator IsRequestURI: url.ParseRequestURI',
    pass: [
      'https://example.com/a?b=c',
      '/absolute/path',
      'mailto:jo@example.com',
      'http://[::1]:8080/',
      'http://user:pw@host/',
      '*',
      'urn:isbn:0451450523',
    ],
    fail: [
      '',
      'relative/path',
      'example.com',
      '://missing',
      'http://host:port/',
      'http://ho st/',
      '/bad%zzescape',
      'http://[::1/',
    ],
  },
  {
    format: 'isbn',
    upstream: 'govalidator IsISBN10 || IsISBN13',
    pass: ['0321751043', '978-0321751041', '0 321 75104 3', '080442957X'],
    fail: ['0321751044', '978-0321751042', '080442957x', '12345'],
  },
  { format: 'isbn10', upstream: 'govalidator IsISBN10', pass: ['0-321-75104-3'], fail: ['978-0321751041'] },
  { format: 'isbn13', upstream: 'govalidator IsISBN13', pass: ['9780321751041'], fail: ['0321751043'] },
  {
    format: 'creditcard',
    upstream: 'govalidator IsCreditCard: digits only, issuer pattern, Luhn',
    pass: ['4111111111111111', '4111-1111-1111-1111', '5500 0000 0000 0004', '378282246310005'],
    fail: ['4111111111111112', '1234567812345678', ''],
  },
  {
    format: 'ssn',
    upstream: 'govalidator IsSSN: 11 bytes and the pattern',
    pass: ['123-45-6789', '123 45 6789'],
    fail: ['123456789', '123-456789', '12-345-6789'],
  },
  { format: 'hexcolor', upstream: 'govalidator IsHexcolor', pass: ['#fff', 'a1b2c3', '#A1B2C3'], fail: ['#ffff', 'red', '#ggg'] },
  {
    format: 'rgbcolor',
    upstream: 'govalidator IsRGBcolor',
    pass: ['rgb(255,0,0)', 'rgb( 0 , 128 , 255 )'],
    fail: ['rgb(256,0,0)', 'rgb(01,2,3)', 'rgba(1,2,3,0)', 'rgb(1,2)'],
  },
  {
    format: 'bsonobjectid',
    upstream: 'strfmt IsBSONObjectID: ObjectIDFromHex',
    pass: ['507f1f77bcf86cd799439011', '507F1F77BCF86CD799439011'],
    fail: ['507f1f77bcf86cd79943901', 'zzzf1f77bcf86cd799439011'],
  },
  {
    format: 'byte',
    upstream: 'govalidator IsBase64 (at least one quantum)',
    pass: ['aGVsbG8=', 'YWJj', 'YQ=='],
    fail: ['', 'aGVsbG8', 'a===', 'YQ'],
  },
  {
    format: 'ipv4',
    upstream: 'strfmt isIPv4: ParseIPSloppy and a "."',
    pass: ['192.0.2.1', '010.0.0.1', '::ffff:192.0.2.1'],
    fail: ['256.0.0.1', '::1', '1.2.3'],
  },
  {
    format: 'ipv6',
    upstream: 'govalidator IsIPv6: ParseIP and a ":"',
    pass: ['::1', '2001:db8::1', '::ffff:192.0.2.1'],
    fail: ['192.0.2.1', 'fe80::1%eth0', '2001:db8::g'],
  },
  {
    format: 'cidr',
    upstream: 'strfmt isCIDR: ParseCIDRSloppy',
    pass: ['10.0.0.0/8', '010.0.0.0/8', '2001:db8::/32', '10.0.0.0/08'],
    fail: ['10.0.0.0', '10.0.0.0/33', '2001:db8::/129', '10.0.0.0/8/1'],
  },
];

/** Formats the server takes in a schema and never checks: nothing is reported for any value. */
const UNCHECKED_FORMATS: FormatCase[] = [
  { format: 'password', upstream: 'strfmt default.go: password accepts every string', pass: ['', 'anything at all'], fail: [] },
  {
    format: 'quantity',
    upstream: 'formats.go lists quantity, but no kube-openapi strfmt file registers a validator for it',
    pass: ['not a quantity', '1Gi'],
    fail: [],
  },
  {
    format: 'int-or-string',
    upstream: 'StripUnsupportedFormatsPostProcessorForVersion: not supported, stripped',
    pass: ['x'],
    fail: [],
  },
];

describe('string formats, as the server checks them', () => {
  for (const c of [...FORMAT_CASES, ...UNCHECKED_FORMATS]) {
    it(`${c.format} (${c.upstream})`, () => {
      const fields: Record<string, string> = {};
      c.pass.forEach((v, i) => (fields[`pass${i}`] = v));
      c.fail.forEach((v, i) => (fields[`fail${i}`] = v));
      const properties = Object.fromEntries(Object.keys(fields).map((k) => [k, { type: 'string', format: c.format }]));
      const refused = lintWith(definition(spec(properties)), { spec: fields }).map(
        ([rule, path]) => `${rule} ${path} ${JSON.stringify(fields[String(path).slice('spec.'.length)])}`,
      );
      expect(refused).toEqual(c.fail.map((v, i) => `schema/format spec.fail${i} ${JSON.stringify(v)}`));
    });
  }
});

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
    const [result] = lintSources({
      files: [SourceFile.fromText('cr.yaml', text)],
      rules: [],
      configFor: () => config,
      catalog: catalogWith(catalog, [def]),
    });
    expect(result?.diagnostics.map((d) => [d.ruleId, d.path, d.message])).toEqual([
      ['document/unknown-version', 'apiVersion', expect.stringContaining('use example.com/v1')],
    ]);
  });

  it('lints the items of a custom kind’s List one by one', () => {
    const def = definition(spec({ size: { type: 'string' } }));
    const config = defaultConfig(process.cwd());
    const text = 'apiVersion: example.com/v1\nkind: WidgetList\nitems:\n- metadata: {name: a}\n  spec: {size: 1}\n';
    const [result] = lintSources({
      files: [SourceFile.fromText('cr.yaml', text)],
      rules: [],
      configFor: () => config,
      catalog: catalogWith(catalog, [def]),
    });
    expect(result?.diagnostics.map((d) => [d.ruleId, d.path])).toEqual([['schema/type', 'items[0].spec.size']]);
  });
});

describe('defaulting', () => {
  it('fills defaults into defaulted values, and leaves the input as it was', () => {
    const [version] = customVersionsOf(
      definition(spec({ a: { type: 'object', default: {}, properties: { b: { type: 'integer', default: 3 } } } })).value,
      'crd.yaml',
      catalog.typeSchema('meta/v1.ObjectMeta'),
    );
    const input = { spec: {} };
    expect(defaultedValue(version!.schema, input)).toEqual({ spec: { a: { b: 3 } } });
    expect(input).toEqual({ spec: {} });
  });
});

describe('definition sources', () => {
  it('finds definitions in a file, List items too', () => {
    const def = definition(spec({}));
    const text = `${stringify(def.value)}---\n${stringify({ apiVersion: 'v1', kind: 'List', items: [def.value] })}`;
    expect(definitionsIn('crds.yaml', Buffer.from(text), catalog).map((d) => d.source)).toEqual([
      'crds.yaml',
      'crds.yaml#2 (items.0)',
    ]);
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
    const hijack = {
      ...def,
      value: { ...def.value, spec: { ...spec_, group: 'apps', names: { plural: 'deployments', kind: 'Deployment' } } },
    };
    expect(catalogWith(catalog, [hijack]).lookup('apps/v1', 'Deployment')?.info.scope).toBe('spec');
  });
});
