import { describe, expect, it } from 'vitest';
import { allFindings, parityErrors } from '../parity/fixtures.js';
import type { ParityCase } from '../parity/fixtures.js';

/**
 * CustomResourceDefinitions as the API server admits them: each case restates a check of
 * upstream apiextensions-apiserver, naming the function that makes it. What the server accepts
 * draws no error, what it refuses draws exactly the errors listed.
 *
 * Read file by file: pkg/apis/apiextensions/validation/validation.go and
 * pkg/apiserver/schema/defaulting/validation.go as of jpbetz/kubernetes
 * 0afa5801cae95ad044376b305b0462beb229c11a (a recent fork of kubernetes/kubernetes: the stored
 * kubernetes/kubernetes copy of validation.go is from 2018, b70f2bbc9fbf8d5e1483d9f65da2c55abb1d1fa7),
 * and pkg/apiserver/schema/validation.go (ValidateStructural) of the same period.
 */
type Json = Record<string, unknown>;
const V = 'spec.versions[0]';
const S = `${V}.schema.openAPIV3Schema`;

/** A definition the server accepts; `change` edits a copy. */
function crd(change: (c: { metadata: Json; spec: Json; version: Json; schema: Json }) => void = () => undefined): string {
  const schema: Json = {
    type: 'object',
    properties: { spec: { type: 'object', properties: { replicas: { type: 'integer' } } } },
  };
  const version: Json = { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema } };
  const metadata: Json = { name: 'widgets.example.com' };
  const spec: Json = {
    group: 'example.com',
    scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
    versions: [version],
  };
  change({ metadata, spec, version, schema });
  return JSON.stringify({ apiVersion: 'apiextensions.plat.io/v1', kind: 'CustomResourceDefinition', metadata, spec });
}
/** A definition whose root schema holds these properties. */
const withProperties = (properties: Json, extra: Json = {}): string =>
  crd(({ schema }) => Object.assign(schema, { properties }, extra));
const names = (c: { spec: Json }): Json => c.spec.names as Json;

const cases: Record<string, ParityCase> = {
  // --- names and group (ValidateCustomResourceDefinition, validateCustomResourceDefinitionSpec, ValidateCustomResourceDefinitionNames)
  'a complete definition': { upstream: 'ValidateCustomResourceDefinition', yaml: crd() },
  'a name other than plural.group': {
    upstream: 'ValidateCustomResourceDefinition nameValidationFn: must be spec.names.plural+"."+spec.group',
    yaml: crd(({ metadata }) => (metadata.name = 'widget.example.com')),
    errors: ['crd/names @ metadata.name'],
  },
  'no group': {
    upstream: 'validateCustomResourceDefinitionSpec: group Required',
    yaml: crd((c) => {
      delete c.spec.group;
      c.metadata.name = 'widgets.';
    }),
    errors: ['crd/names @ spec.group', 'metadata/name-format @ metadata.name'],
  },
  'a group without a dot': {
    upstream: 'validateCustomResourceDefinitionSpec: should be a domain with at least one dot',
    yaml: crd((c) => {
      c.spec.group = 'example';
      c.metadata.name = 'widgets.example';
    }),
    errors: ['crd/names @ spec.group'],
  },
  'a group that is not a DNS subdomain': {
    upstream: 'validateCustomResourceDefinitionSpec: IsDNS1123Subdomain(group)',
    yaml: crd((c) => {
      c.spec.group = 'Example.com';
      c.metadata.name = 'widgets.Example.com';
    }),
    errors: ['crd/names @ spec.group', 'metadata/name-format @ metadata.name'],
  },
  'no singular: defaulted to the lowercased kind': {
    upstream: 'v1 defaults.go SetDefaults_CustomResourceDefinitionSpec (Singular), before validateCustomResourceDefinitionSpec',
    yaml: crd((c) => delete names(c).singular),
    errors: [],
  },
  'no listKind: defaulted to kind + List': {
    upstream: 'v1 defaults.go SetDefaults_CustomResourceDefinitionSpec (ListKind), before validateCustomResourceDefinitionSpec',
    yaml: crd((c) => delete names(c).listKind),
    errors: [],
  },
  'a plural that is not a DNS-1035 label': {
    upstream: 'ValidateCustomResourceDefinitionNames: IsDNS1035Label(plural)',
    yaml: crd((c) => {
      names(c).plural = '1widgets';
      c.metadata.name = '1widgets.example.com';
    }),
    errors: ['crd/names @ spec.names.plural'],
  },
  'a kind with mixed case': {
    upstream: 'ValidateCustomResourceDefinitionNames: IsDNS1035Label(ToLower(kind))',
    yaml: crd((c) => (names(c).kind = 'WidgetThing')),
  },
  'a kind with a dot': {
    upstream: 'ValidateCustomResourceDefinitionNames: kind may have mixed case, but should otherwise match',
    yaml: crd((c) => (names(c).kind = 'Widget.Thing')),
    errors: ['crd/names @ spec.names.kind'],
  },
  'kind and listKind the same': {
    upstream: 'ValidateCustomResourceDefinitionNames: kind and listKind may not be the same',
    yaml: crd((c) => (names(c).listKind = 'Widget')),
    errors: ['crd/names @ spec.names.listKind'],
  },
  'a short name with an underscore': {
    upstream: 'ValidateCustomResourceDefinitionNames: IsDNS1035Label(shortNames[i])',
    yaml: crd((c) => (names(c).shortNames = ['wd', 'w_d'])),
    errors: ['crd/names @ spec.names.shortNames[1]'],
  },
  'a category that is not a label': {
    upstream: 'ValidateCustomResourceDefinitionNames: IsDNS1035Label(categories[i])',
    yaml: crd((c) => (names(c).categories = ['All'])),
    errors: ['crd/names @ spec.names.categories[0]'],
  },
  // --- scope and versions (validateCustomResourceDefinitionSpec, validateCustomResourceDefinitionVersion)
  'no scope': {
    upstream:
      'validateCustomResourceDefinitionSpec: validateEnumStrings(scope) Required (v1 defaults.go sets no Scope; v1beta1 defaults.go defaulted Namespaced)',
    yaml: crd((c) => delete c.spec.scope),
    errors: ['crd/versions @ spec.scope'],
  },
  'an unknown scope': {
    upstream: 'validateCustomResourceDefinitionSpec: validateEnumStrings(scope) NotSupported',
    yaml: crd((c) => (c.spec.scope = 'Global')),
    errors: ['crd/versions @ spec.scope'],
  },
  'no versions': {
    upstream: 'validateCustomResourceDefinitionSpec: must have exactly one version marked as storage version',
    yaml: crd((c) => (c.spec.versions = [])),
    errors: ['crd/versions @ spec.versions'],
  },
  'a version name that is not a DNS-1035 label': {
    upstream: 'validateCustomResourceDefinitionSpec: IsDNS1035Label(version.Name)',
    yaml: crd((c) => (c.version.name = 'V1')),
    errors: ['crd/versions @ spec.versions[0].name'],
  },
  'two versions of one name': {
    upstream: 'validateCustomResourceDefinitionSpec: must contain unique version names',
    yaml: crd((c) => (c.spec.versions = [c.version, { ...c.version, storage: false }])),
    errors: ['crd/versions @ spec.versions[1].name'],
  },
  'two storage versions': {
    upstream: 'validateCustomResourceDefinitionSpec: must have exactly one version marked as storage version',
    yaml: crd((c) => (c.spec.versions = [c.version, { ...c.version, name: 'v2' }])),
    errors: ['crd/versions @ spec.versions'],
  },
  'no storage version': {
    upstream: 'validateCustomResourceDefinitionSpec: must have exactly one version marked as storage version',
    yaml: crd((c) => (c.version.storage = false)),
    errors: ['crd/versions @ spec.versions'],
  },
  'a version without a schema': {
    upstream: 'validateCustomResourceDefinitionSpec: requireOpenAPISchema, schemas are required',
    yaml: crd((c) => delete c.version.schema),
    errors: ['crd/versions @ spec.versions[0].schema.openAPIV3Schema'],
  },
  'a deprecation warning on a version that is not deprecated': {
    upstream: 'validateDeprecationWarning: can only be set for deprecated versions',
    yaml: crd((c) => (c.version.deprecationWarning = 'use v2')),
    errors: ['crd/versions @ spec.versions[0].deprecationWarning'],
  },
  'a deprecation warning on a deprecated version': {
    upstream: 'validateDeprecationWarning',
    yaml: crd((c) => Object.assign(c.version, { deprecated: true, deprecationWarning: 'use v2' })),
  },
  'a scale subresource with a spec path outside .spec': {
    upstream: 'ValidateCustomResourceDefinitionSubresources: should be a json path under .spec',
    yaml: crd(
      (c) =>
        (c.version.subresources = { scale: { specReplicasPath: '.status.replicas', statusReplicasPath: '.status.replicas' } }),
    ),
    errors: ['crd/versions @ spec.versions[0].subresources.scale.specReplicasPath'],
  },
  // --- conversion (validateCustomResourceConversion, validateConversionReviewVersions)
  'the None strategy': {
    upstream: 'validateCustomResourceConversion',
    yaml: crd((c) => (c.spec.conversion = { strategy: 'None' })),
  },
  'an unknown strategy': {
    upstream: 'validateCustomResourceConversion: validateEnumStrings(strategy)',
    yaml: crd((c) => (c.spec.conversion = { strategy: 'Magic' })),
    errors: ['crd/conversion @ spec.conversion.strategy'],
  },
  'a webhook by service': {
    upstream: 'validateCustomResourceConversion: Webhook with service',
    yaml: crd(
      (c) =>
        (c.spec.conversion = {
          strategy: 'Webhook',
          webhook: {
            conversionReviewVersions: ['v1', 'v1beta1'],
            clientConfig: { service: { name: 'conv', namespace: 'tools', path: '/convert', port: 443 } },
          },
        }),
    ),
  },
  'a webhook without client configuration': {
    upstream: 'validateCustomResourceConversion: required when strategy is set to Webhook',
    yaml: crd((c) => (c.spec.conversion = { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'] } })),
    errors: ['crd/conversion @ spec.conversion.webhook.clientConfig'],
  },
  'a webhook with both url and service': {
    upstream: 'validateCustomResourceConversion: exactly one of url or service is required',
    yaml: crd(
      (c) =>
        (c.spec.conversion = {
          strategy: 'Webhook',
          webhook: {
            conversionReviewVersions: ['v1'],
            clientConfig: { url: 'https://conv.example.com', service: { name: 'conv', namespace: 'tools' } },
          },
        }),
    ),
    errors: ['crd/conversion @ spec.conversion.webhook.clientConfig'],
  },
  'a webhook URL over http': {
    upstream: 'ValidateWebhookURL (forceHttps)',
    yaml: crd(
      (c) =>
        (c.spec.conversion = {
          strategy: 'Webhook',
          webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: 'http://conv.example.com' } },
        }),
    ),
    errors: ['crd/conversion @ spec.conversion.webhook.clientConfig.url'],
  },
  'review versions the server does not speak': {
    upstream: 'validateConversionReviewVersions: must include at least one of v1, v1beta1',
    yaml: crd(
      (c) =>
        (c.spec.conversion = {
          strategy: 'Webhook',
          webhook: { conversionReviewVersions: ['v2'], clientConfig: { url: 'https://conv.example.com' } },
        }),
    ),
    errors: ['crd/conversion @ spec.conversion.webhook.conversionReviewVersions'],
  },
  'a webhook with the None strategy': {
    upstream: 'validateCustomResourceConversion: should not be set when strategy is not set to Webhook',
    yaml: crd((c) => (c.spec.conversion = { strategy: 'None', webhook: { conversionReviewVersions: ['v1'] } })),
    errors: ['crd/conversion @ spec.conversion.webhook'],
  },
  // --- what the server defaults before it validates (v1 defaults.go: SetDefaults_CustomResourceDefinitionSpec, SetDefaults_ServiceReference)
  'no conversion: defaulted to the None strategy, with several versions': {
    upstream:
      'v1 defaults.go SetDefaults_CustomResourceDefinitionSpec (Conversion nil → Strategy None), before validateCustomResourceConversion',
    yaml: crd((c) => (c.spec.versions = [c.version, { ...c.version, name: 'v2', storage: false }])),
  },
  'conversion: null is no conversion, defaulted to None': {
    upstream: 'v1 defaults.go SetDefaults_CustomResourceDefinitionSpec (Conversion nil)',
    yaml: crd((c) => (c.spec.conversion = null)),
  },
  'conversion without a strategy is not defaulted': {
    upstream:
      'v1 defaults.go SetDefaults_CustomResourceDefinitionSpec defaults only a nil Conversion; validateCustomResourceConversion: strategy Required',
    yaml: crd((c) => (c.spec.conversion = {})),
    errors: ['crd/conversion @ spec.conversion.strategy'],
  },
  'a webhook service without a port: defaulted to 443': {
    upstream: 'v1 defaults.go SetDefaults_ServiceReference (Port 443), before ValidateWebhookService',
    yaml: crd(
      (c) =>
        (c.spec.conversion = {
          strategy: 'Webhook',
          webhook: { conversionReviewVersions: ['v1'], clientConfig: { service: { name: 'conv', namespace: 'tools' } } },
        }),
    ),
  },
  'a webhook service with port 0 is not defaulted': {
    upstream:
      'v1 defaults.go SetDefaults_ServiceReference defaults only a nil Port; ValidateWebhookService: port must be 1-65535',
    yaml: crd(
      (c) =>
        (c.spec.conversion = {
          strategy: 'Webhook',
          webhook: { conversionReviewVersions: ['v1'], clientConfig: { service: { name: 'conv', namespace: 'tools', port: 0 } } },
        }),
    ),
    errors: ['crd/conversion @ spec.conversion.webhook.clientConfig.service.port'],
  },
  'a webhook without conversionReviewVersions: v1 defaults none': {
    upstream:
      'v1 defaults.go SetDefaults_CustomResourceDefinitionSpec sets no ConversionReviewVersions (v1beta1 defaults.go did); validateConversionReviewVersions: Required',
    yaml: crd(
      (c) => (c.spec.conversion = { strategy: 'Webhook', webhook: { clientConfig: { url: 'https://conv.example.com' } } }),
    ),
    errors: ['crd/conversion @ spec.conversion.webhook.conversionReviewVersions'],
  },
  'empty singular and listKind: defaulted from the kind': {
    upstream: 'v1 defaults.go SetDefaults_CustomResourceDefinitionSpec (len(Singular) == 0, len(ListKind) == 0)',
    yaml: crd((c) => Object.assign(names(c), { singular: '', listKind: '' })),
  },
  'no kind: neither singular nor listKind can be defaulted': {
    upstream:
      'v1 defaults.go SetDefaults_CustomResourceDefinitionSpec (ToLower("") is empty; ListKind only with a Kind); ValidateCustomResourceDefinitionNames: Required',
    yaml: crd((c) => Object.assign(names(c), { kind: undefined, singular: undefined, listKind: undefined })),
    errors: ['crd/names @ spec.names.kind', 'crd/names @ spec.names.listKind', 'crd/names @ spec.names.singular'],
  },
  // --- structural schemas (ValidateStructural: validateStructuralInvariants, validateNestedValueValidation, completeness; specStandardValidatorV3.validate)
  'a field without a type': {
    upstream: 'validateStructuralInvariants: must not be empty for specified object fields',
    yaml: withProperties({ spec: { properties: { a: { type: 'string' } } } }),
    errors: [`crd/structural-schema @ ${S}.properties.spec.type`],
  },
  'items without a type': {
    upstream: 'validateStructuralInvariants: must not be empty for specified array items',
    yaml: withProperties({ tags: { type: 'array', items: { minLength: 1 } } }),
    errors: [`crd/structural-schema @ ${S}.properties.tags.items.type`],
  },
  'an array without items': {
    upstream: 'validateStructuralInvariants: items must be specified',
    yaml: withProperties({ tags: { type: 'array' } }),
    errors: [`crd/structural-schema @ ${S}.properties.tags.items`],
  },
  'a root that is not an object': {
    upstream: 'validateStructuralInvariants: must be object at the root',
    yaml: crd(({ schema }) => {
      schema.type = 'array';
      schema.items = { type: 'string' };
      delete schema.properties;
    }),
    errors: [`crd/structural-schema @ ${S}.type`],
  },
  'a field that preserves unknown fields, untyped': {
    upstream: 'validateStructuralInvariants: XPreserveUnknownFields exempts the type',
    yaml: withProperties({ spec: { 'x-kubernetes-preserve-unknown-fields': true } }),
  },
  'the int-or-string pattern': {
    upstream: 'isIntOrStringAnyOfPattern',
    yaml: withProperties({ port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] } }),
  },
  'a type under anyOf': {
    upstream: 'validateNestedValueValidation: type must be empty to be structural',
    yaml: withProperties({ port: { type: 'string', anyOf: [{ type: 'string', minLength: 2 }, { maxLength: 1 }] } }),
    errors: [`crd/structural-schema @ ${S}.properties.port.anyOf[0].type`],
  },
  'a default under allOf': {
    upstream: 'validateNestedValueValidation: default must be undefined to be structural',
    yaml: withProperties({ port: { type: 'integer', allOf: [{ default: 1 }] } }),
    errors: [`crd/structural-schema @ ${S}.properties.port.allOf[0].default`],
  },
  'a field named only under a junctor': {
    upstream: 'validateStructuralCompleteness',
    yaml: withProperties({
      spec: { type: 'object', properties: { a: { type: 'string' } }, anyOf: [{ properties: { b: { minLength: 1 } } }] },
    }),
    errors: [`crd/structural-schema @ ${S}.properties.spec.anyOf[0].properties.b`],
  },
  'additionalProperties beside properties': {
    upstream: 'ValidateCustomResourceDefinitionOpenAPISchema: additionalProperties and properties are mutual exclusive',
    yaml: withProperties({
      spec: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'string' } },
    }),
    errors: [`crd/structural-schema @ ${S}.properties.spec.additionalProperties`],
  },
  'a map of strings': {
    upstream: 'ValidateCustomResourceDefinitionOpenAPISchema: additionalProperties alone',
    yaml: withProperties({ labels: { type: 'object', additionalProperties: { type: 'string' } } }),
  },
  'a metadata schema beyond name': {
    upstream: 'validateStructuralMetadataInvariants: must not specify anything other than name and generateName',
    yaml: withProperties({ metadata: { type: 'object', properties: { labels: { type: 'object' } } } }),
    errors: [`crd/structural-schema @ ${S}.properties.metadata`],
  },
  'a metadata schema restricting the name': {
    upstream: 'validateStructuralMetadataInvariants',
    yaml: withProperties({ metadata: { type: 'object', properties: { name: { type: 'string', maxLength: 20 } } } }),
  },
  'kind typed as an integer': {
    upstream: 'validateStructuralInvariants: kind must be string',
    yaml: withProperties({ kind: { type: 'integer' } }),
    errors: [`crd/structural-schema @ ${S}.properties.kind.type`],
  },
  'an embedded resource without type object': {
    upstream: 'validateStructuralInvariants: must be object if x-kubernetes-embedded-resource is true',
    yaml: withProperties({ e: { type: 'string', 'x-kubernetes-embedded-resource': true } }),
    errors: [`crd/structural-schema @ ${S}.properties.e.properties`, `crd/structural-schema @ ${S}.properties.e.type`],
  },
  'a $ref': {
    upstream: 'specStandardValidatorV3.validate: $ref is not supported',
    yaml: withProperties({ spec: { type: 'object', $ref: '#/definitions/spec' } }),
    errors: [`crd/structural-schema @ ${S}.properties.spec.$ref`],
  },
  'type null': {
    upstream: 'specStandardValidatorV3.validate: type cannot be set to null',
    yaml: withProperties({ spec: { type: 'null' } }),
    errors: [`crd/structural-schema @ ${S}.properties.spec.type`],
  },
  uniqueItems: {
    upstream: 'ValidateCustomResourceDefinitionOpenAPISchema: uniqueItems cannot be set to true',
    yaml: withProperties({ tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } }),
    errors: [`crd/structural-schema @ ${S}.properties.tags.uniqueItems`],
  },
  'preserve-unknown-fields false': {
    upstream: 'ValidateCustomResourceDefinitionOpenAPISchema: must be true or undefined',
    yaml: withProperties({ spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': false } }),
    errors: [`crd/structural-schema @ ${S}.properties.spec.x-kubernetes-preserve-unknown-fields`],
  },
  'a map type on a string': {
    upstream: 'ValidateCustomResourceDefinitionOpenAPISchema: must be object if x-kubernetes-map-type is specified',
    yaml: withProperties({ s: { type: 'string', 'x-kubernetes-map-type': 'atomic' } }),
    errors: [`crd/structural-schema @ ${S}.properties.s.type`],
  },
  'a pattern Go cannot compile': {
    upstream: 'validateValueValidation: must be a valid regular expression',
    yaml: withProperties({ s: { type: 'string', pattern: '(?<=a)b' } }),
    errors: [`crd/structural-schema @ ${S}.properties.s.pattern`],
  },
  'a nullable root': {
    upstream: 'validateCustomResourceDefinitionValidation: nullable cannot be true at the root',
    yaml: crd(({ schema }) => (schema.nullable = true)),
    errors: [`crd/structural-schema @ ${S}.nullable`],
  },
  'a root with a description and the status subresource': {
    upstream: 'validateCustomResourceDefinitionValidation: only allowedFieldsAtRootSchema with the status subresource',
    yaml: crd((c) => {
      c.version.subresources = { status: {} };
      c.schema.description = 'a widget';
    }),
  },
  'a root with required and anyOf and the status subresource': {
    upstream: 'validateCustomResourceDefinitionValidation: only allowedFieldsAtRootSchema with the status subresource',
    yaml: crd((c) => {
      c.version.subresources = { status: {} };
      c.schema.anyOf = [{ required: ['spec'] }];
    }),
    errors: [`crd/structural-schema @ ${S}.anyOf`],
  },
  // --- list types (ValidateCustomResourceDefinitionOpenAPISchema, validateMapListKeysMapSet)
  'a list-map keyed by a required field': {
    upstream: 'validateMapListKeysMapSet',
    yaml: withProperties({
      ports: {
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['port'],
        items: { type: 'object', required: ['port'], properties: { port: { type: 'integer' } } },
      },
    }),
  },
  'a list-map key neither required nor defaulted': {
    upstream: 'validateMapListKeysMapSet: must have a default or be a required property',
    yaml: withProperties({
      ports: {
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['port'],
        items: { type: 'object', properties: { port: { type: 'integer' } } },
      },
    }),
    errors: [`crd/list-types @ ${S}.properties.ports.items.properties.port.default`],
  },
  'a list-map key that is not a property': {
    upstream: 'ValidateCustomResourceDefinitionOpenAPISchema: entries must all be names of item properties',
    yaml: withProperties({
      ports: {
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name'],
        items: { type: 'object', properties: { port: { type: 'integer' } } },
      },
    }),
    errors: [`crd/list-types @ ${S}.properties.ports.x-kubernetes-list-map-keys[0]`],
  },
  'a list-map key of type object': {
    upstream:
      "ValidateCustomResourceDefinitionOpenAPISchema: must be a scalar type if parent array's x-kubernetes-list-type is map",
    yaml: withProperties({
      ports: {
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['k'],
        items: { type: 'object', required: ['k'], properties: { k: { type: 'object' } } },
      },
    }),
    errors: [`crd/list-types @ ${S}.properties.ports.items.properties.k.type`],
  },
  'list-map keys on a set': {
    upstream: 'ValidateCustomResourceDefinitionOpenAPISchema: must be map if x-kubernetes-list-map-keys is non-empty',
    yaml: withProperties({
      tags: { type: 'array', 'x-kubernetes-list-type': 'set', 'x-kubernetes-list-map-keys': ['a'], items: { type: 'string' } },
    }),
    errors: [`crd/list-types @ ${S}.properties.tags.x-kubernetes-list-type`],
  },
  'a set of granular objects': {
    upstream: 'ValidateCustomResourceDefinitionOpenAPISchema: must be atomic as item of a list with x-kubernetes-list-type=set',
    yaml: withProperties({
      tags: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'object', properties: { a: { type: 'string' } } } },
    }),
    errors: [`crd/list-types @ ${S}.properties.tags.items.x-kubernetes-map-type`],
  },
  'a list type on an object': {
    upstream: 'ValidateCustomResourceDefinitionOpenAPISchema: must be array if x-kubernetes-list-type is specified',
    yaml: withProperties({ spec: { type: 'object', 'x-kubernetes-list-type': 'atomic' } }),
    errors: [`crd/list-types @ ${S}.properties.spec.type`],
  },
  'nullable items of a set': {
    upstream: 'validateMapListKeysMapSet: cannot be nullable when x-kubernetes-list-type is set',
    yaml: withProperties({ tags: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string', nullable: true } } }),
    errors: [`crd/list-types @ ${S}.properties.tags.items.nullable`],
  },
  // --- defaults (defaulting ValidateDefaults; specStandardValidatorV3 withForbiddenDefaults)
  'a default within bounds': {
    upstream: 'ValidateDefaults',
    yaml: withProperties({ replicas: { type: 'integer', minimum: 1, default: 1 } }),
  },
  'a default below the minimum': {
    upstream: 'ValidateDefaults: ValidateCustomResource(default)',
    yaml: withProperties({ replicas: { type: 'integer', minimum: 1, default: 0 } }),
    errors: [`crd/defaults @ ${S}.properties.replicas.default`],
  },
  'a default of the wrong type': {
    upstream: 'ValidateDefaults: ValidateCustomResource(default)',
    yaml: withProperties({ replicas: { type: 'integer', default: 'one' } }),
    errors: [`crd/defaults @ ${S}.properties.replicas.default`],
  },
  'a default with an unknown field': {
    upstream: 'ValidateDefaults: must not have unknown fields (requirePrunedDefaults)',
    yaml: withProperties({ spec: { type: 'object', properties: { a: { type: 'string' } }, default: { a: 'x', b: 'y' } } }),
    errors: [`crd/defaults @ ${S}.properties.spec.default.b`],
  },
  'a default in top-level metadata': {
    upstream: 'ValidateCustomResourceDefinitionOpenAPISchema: withForbiddenDefaults("in top-level metadata")',
    yaml: withProperties({ metadata: { type: 'object', default: { name: 'x' } } }),
    errors: [`crd/defaults @ ${S}.properties.metadata.default`],
  },
  // --- x-kubernetes-validations (ValidateCustomResourceDefinitionOpenAPISchema with cel.Compile)
  'a rule that compiles': {
    upstream: 'cel.Compile',
    yaml: withProperties({
      spec: {
        type: 'object',
        properties: { min: { type: 'integer' }, max: { type: 'integer' } },
        'x-kubernetes-validations': [{ rule: 'self.min <= self.max', message: 'min is at most max' }],
      },
    }),
  },
  'a rule with a syntax error': {
    upstream: 'cel.Compile: compilation failed',
    yaml: withProperties({
      spec: { type: 'object', 'x-kubernetes-validations': [{ rule: 'self.min <=' }], properties: { min: { type: 'integer' } } },
    }),
    errors: [`crd/validation-rules @ ${S}.properties.spec.x-kubernetes-validations[0].rule`],
  },
  'an empty rule': {
    upstream: 'ValidateCustomResourceDefinitionOpenAPISchema: rule is not specified',
    yaml: withProperties({ spec: { type: 'object', 'x-kubernetes-validations': [{ rule: ' ' }] } }),
    errors: [`crd/validation-rules @ ${S}.properties.spec.x-kubernetes-validations[0].rule`],
  },
  'a rule that is not a bool': {
    upstream: 'cel.Compile: cel expression must evaluate to a bool',
    yaml: withProperties({
      spec: { type: 'object', properties: { n: { type: 'integer' } }, 'x-kubernetes-validations': [{ rule: 'self.n' }] },
    }),
    errors: [`crd/validation-rules @ ${S}.properties.spec.x-kubernetes-validations[0].rule`],
  },
  'a messageExpression that is not a string': {
    upstream: 'cel.Compile: messageExpression must evaluate to a string',
    yaml: withProperties({
      spec: {
        type: 'object',
        properties: { n: { type: 'integer' } },
        'x-kubernetes-validations': [{ rule: 'self.n > 0', messageExpression: 'self.n' }],
      },
    }),
    errors: [`crd/validation-rules @ ${S}.properties.spec.x-kubernetes-validations[0].messageExpression`],
  },
  'a multi-line rule without a message': {
    upstream: 'ValidateCustomResourceDefinitionOpenAPISchema: message must be specified if rule contains line breaks',
    yaml: withProperties({ spec: { type: 'object', 'x-kubernetes-validations': [{ rule: 'true &&\ntrue' }] } }),
    errors: [`crd/validation-rules @ ${S}.properties.spec.x-kubernetes-validations[0].message`],
  },
  'an unknown reason': {
    upstream: 'ValidateCustomResourceDefinitionOpenAPISchema: supportedValidationReason',
    yaml: withProperties({ spec: { type: 'object', 'x-kubernetes-validations': [{ rule: 'true', reason: 'Nope' }] } }),
    errors: [`crd/validation-rules @ ${S}.properties.spec.x-kubernetes-validations[0].reason`],
  },
  'a fieldPath to no field': {
    upstream: 'ValidateCustomResourceDefinitionOpenAPISchema: fieldPath must be a valid path',
    yaml: withProperties({
      spec: {
        type: 'object',
        properties: { a: { type: 'string' } },
        'x-kubernetes-validations': [{ rule: 'true', fieldPath: '.b' }],
      },
    }),
    errors: [`crd/validation-rules @ ${S}.properties.spec.x-kubernetes-validations[0].fieldPath`],
  },
  'a transition rule on a field': {
    upstream: 'ValidateCustomResourceDefinitionOpenAPISchema: UsesOldSelf on a correlatable place',
    yaml: withProperties({
      spec: {
        type: 'object',
        properties: {
          mode: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'mode is immutable' }] },
        },
      },
    }),
  },
  'a transition rule on the items of an atomic list': {
    upstream: 'ValidateCustomResourceDefinitionOpenAPISchema: oldSelf cannot be used on the uncorrelatable portion of the schema',
    yaml: withProperties({
      tags: { type: 'array', items: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self == oldSelf' }] } },
    }),
    errors: [`crd/validation-rules @ ${S}.properties.tags.items.x-kubernetes-validations[0].rule`],
  },
  'a transition rule on list-map items': {
    upstream: 'ValidateCustomResourceDefinitionOpenAPISchema: list-map items correlate',
    yaml: withProperties({
      ports: {
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['port'],
        items: {
          type: 'object',
          required: ['port'],
          properties: { port: { type: 'integer' } },
          'x-kubernetes-validations': [{ rule: 'self == oldSelf' }],
        },
      },
    }),
  },
  'optionalOldSelf without oldSelf': {
    upstream: 'ValidateCustomResourceDefinitionOpenAPISchema: may not be set if oldSelf is not used in rule',
    yaml: withProperties({ spec: { type: 'object', 'x-kubernetes-validations': [{ rule: 'true', optionalOldSelf: true }] } }),
    errors: [`crd/validation-rules @ ${S}.properties.spec.x-kubernetes-validations[0].optionalOldSelf`],
  },
  'optionalOldSelf on a rule that reads oldSelf as an optional': {
    upstream:
      'compilation.go Compile: optionalOldSelfEnvSet; compilation_test.go TestCelCompilation "optional primitive transition rule type checking"',
    yaml: withProperties({
      spec: {
        type: 'object',
        properties: {
          size: {
            type: 'integer',
            'x-kubernetes-validations': [
              { rule: 'self >= oldSelf.value()', optionalOldSelf: true },
              { rule: 'self >= oldSelf.orValue(1)', optionalOldSelf: true },
              { rule: 'oldSelf.hasValue() ? self >= oldSelf.value() : true', optionalOldSelf: true },
            ],
          },
        },
      },
    }),
  },
  'optionalOldSelf: oldSelf is an optional of the object (fields through it are optional)': {
    upstream: 'compilation_test.go TestCelCompilation "optional complex transition rule type checking"',
    yaml: withProperties({
      spec: {
        type: 'object',
        properties: { i: { type: 'integer' }, o: { type: 'object', properties: { i: { type: 'integer' } } } },
        'x-kubernetes-validations': [
          { rule: 'self.i >= oldSelf.i.value()', optionalOldSelf: true },
          { rule: 'self.o.i >= oldSelf.o.i.orValue(1)', optionalOldSelf: true },
          { rule: 'self.o == oldSelf.o.value()', optionalOldSelf: true },
        ],
      },
    }),
  },
  'optionalOldSelf on a transition rule under the items of an atomic list': {
    upstream:
      'ValidateCustomResourceDefinitionOpenAPISchema: cr.UsesOldSelf && uncorrelatablePath (optionalOldSelf does not lift it)',
    yaml: withProperties({
      tags: {
        type: 'array',
        items: { type: 'string', 'x-kubernetes-validations': [{ rule: '!oldSelf.hasValue()', optionalOldSelf: true }] },
      },
    }),
    errors: [`crd/validation-rules @ ${S}.properties.tags.items.x-kubernetes-validations[0].rule`],
  },
  'an optional oldSelf is costed by the schema it holds': {
    upstream:
      'compilation.go Compile: EstimateCost with the declared sizes; oldSelf.value() is the value of the schema (maxItems 20), not an unbounded list',
    yaml: withProperties({
      spec: {
        type: 'object',
        properties: { tags: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 20 } } },
        'x-kubernetes-validations': [
          {
            rule: '!oldSelf.hasValue() || oldSelf.value().tags.all(x, oldSelf.value().tags.all(y, oldSelf.value().tags.all(z, x == y || y == z)))',
            optionalOldSelf: true,
          },
        ],
      },
    }),
  },
  // --- CEL rules on defaults (defaulting/validation.go validate; defaulting/validation_test.go)
  'defaults that pass their rules': {
    upstream: 'defaulting/validation_test.go TestDefaultValidationWithCostBudget "default cel validation"',
    yaml: withProperties({
      value: { type: 'string', default: 'kube-everything', 'x-kubernetes-validations': [{ rule: "self.startsWith('kube')" }] },
      object: {
        type: 'object',
        properties: { field1: { type: 'integer' }, field2: { type: 'integer' } },
        default: { field1: 1, field2: 2 },
        'x-kubernetes-validations': [{ rule: 'self.field1 < self.field2' }],
      },
    }),
  },
  'a default that fails its rule': {
    upstream: 'defaulting/validation.go validate: celValidator.Validate on the default',
    yaml: withProperties({
      value: { type: 'string', default: 'plat-everything', 'x-kubernetes-validations': [{ rule: "self.startsWith('kube')" }] },
    }),
    errors: [`crd/defaults @ ${S}.properties.value.default`],
  },
  'a default that fails a rule of a field inside it': {
    upstream: 'defaulting/validation.go validate: the validator of the default place reaches nested rules',
    yaml: withProperties({
      object: {
        type: 'object',
        properties: { field1: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self > 0' }] } },
        default: { field1: 0 },
      },
    }),
    errors: [`crd/defaults @ ${S}.properties.object.default.field1`],
  },
  'a default that fails optionalOldSelf (no old value on a create)': {
    upstream: 'defaulting/validation_test.go TestDefaultValidationWithOptionalOldSelf "invalid default"',
    yaml: withProperties({
      defaultFailsRatcheting: {
        type: 'string',
        default: 'default',
        'x-kubernetes-validations': [{ rule: 'oldSelf.hasValue()', optionalOldSelf: true, message: 'foobarErrorMessage' }],
      },
    }),
    errors: [`crd/defaults @ ${S}.properties.defaultFailsRatcheting.default`],
  },
  'a default that passes optionalOldSelf': {
    upstream: 'defaulting/validation_test.go TestDefaultValidationWithOptionalOldSelf "valid default"',
    yaml: withProperties({
      defaultFailsRatcheting: {
        type: 'string',
        default: 'default',
        'x-kubernetes-validations': [
          { rule: 'oldSelf.orValue(self) == self', optionalOldSelf: true, message: 'foobarErrorMessage' },
        ],
      },
    }),
  },
  'a default meets a transition rule as its own old value': {
    upstream:
      'defaulting/validation.go validate: Validate(default, old = default); transition rules without optionalOldSelf are skipped on the create pass',
    yaml: withProperties({
      size: { type: 'integer', default: 3, 'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'immutable' }] },
    }),
  },
  'a default the schema refuses is not run through its rules': {
    upstream: 'defaulting/validation.go validate: CEL only after ValidateCustomResource passes',
    yaml: withProperties({
      value: {
        type: 'string',
        maxLength: 3,
        default: 'plat-everything',
        'x-kubernetes-validations': [{ rule: "self.startsWith('kube')" }],
      },
    }),
    errors: [`crd/defaults @ ${S}.properties.value.default`],
  },
  'a rule whose cost exceeds the per-rule limit': {
    upstream: 'getExpressionCost over StaticEstimatedCostLimit',
    yaml: withProperties({
      spec: {
        type: 'object',
        properties: { tags: { type: 'array', items: { type: 'string' } } },
        'x-kubernetes-validations': [{ rule: 'self.tags.all(x, self.tags.all(y, x == y))' }],
      },
    }),
    // One rule over the per-rule limit also lifts the version over the total limit here.
    errors: [S, `${S}.properties.spec.x-kubernetes-validations[0].rule`].map((p) => `crd/validation-rules @ ${p}`),
  },
  'the same rule with bounded lists': {
    upstream: 'getExpressionCost within StaticEstimatedCostLimit',
    yaml: withProperties({
      spec: {
        type: 'object',
        properties: { tags: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 20 } } },
        'x-kubernetes-validations': [{ rule: 'self.tags.all(x, self.tags.all(y, x == y))' }],
      },
    }),
  },
  'a rule under unbounded lists, multiplied by their size': {
    upstream: 'getExpressionCost: MaxCost * MaxCardinality',
    yaml: withProperties({
      rows: {
        type: 'array',
        maxItems: 5000,
        items: {
          type: 'object',
          properties: {
            cells: {
              type: 'array',
              maxItems: 5000,
              items: { type: 'string', maxLength: 10, 'x-kubernetes-validations': [{ rule: "self.startsWith('a')" }] },
            },
          },
        },
      },
    }),
    errors: [`crd/validation-rules @ ${S}.properties.rows.items.properties.cells.items.x-kubernetes-validations[0].rule`],
  },
  // --- printer columns (ValidateCustomResourceColumnDefinition, validateSimpleJSONPath; kubernetes/kubernetes 02ad849d)
  'a printer column of every allowed type and format': {
    upstream: 'ValidateCustomResourceColumnDefinition: printerColumnDatatypes, customResourceColumnDefinitionFormats',
    yaml: crd(
      (c) =>
        (c.version.additionalPrinterColumns = [
          { name: 'Replicas', type: 'integer', format: 'int32', jsonPath: '.spec.replicas' },
          { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp', priority: 1 },
          { name: 'Ready', type: 'boolean', jsonPath: '.status.ready', description: 'whether it is ready' },
          { name: 'Ratio', type: 'number', format: 'double', jsonPath: '.status.ratio' },
          { name: 'Since', type: 'string', format: 'date-time', jsonPath: '.' },
        ]),
    ),
  },
  'a printer column without name, type and jsonPath': {
    upstream: 'ValidateCustomResourceColumnDefinition: name Required, type Required, JSONPath Required',
    yaml: crd((c) => (c.version.additionalPrinterColumns = [{ description: 'nothing else' }])),
    errors: [
      `crd/versions @ ${V}.additionalPrinterColumns[0].name`,
      `crd/versions @ ${V}.additionalPrinterColumns[0].type`,
      `crd/versions @ ${V}.additionalPrinterColumns[0].jsonPath`,
    ],
  },
  'a printer column of an unknown type': {
    upstream: 'ValidateCustomResourceColumnDefinition: type must be one of boolean,date,integer,number,string',
    yaml: crd((c) => (c.version.additionalPrinterColumns = [{ name: 'Size', type: 'object', jsonPath: '.spec.size' }])),
    errors: [`crd/versions @ ${V}.additionalPrinterColumns[0].type`],
  },
  'a printer column of an unknown format': {
    upstream:
      'ValidateCustomResourceColumnDefinition: format must be one of byte,date,date-time,double,float,int32,int64,password',
    yaml: crd(
      (c) =>
        (c.version.additionalPrinterColumns = [{ name: 'Size', type: 'string', format: 'quantity', jsonPath: '.spec.size' }]),
    ),
    errors: [`crd/versions @ ${V}.additionalPrinterColumns[0].format`],
  },
  'a printer column path without the leading dot': {
    upstream: 'validateSimpleJSONPath: must be a simple json path starting with .',
    yaml: crd((c) => (c.version.additionalPrinterColumns = [{ name: 'Size', type: 'integer', jsonPath: 'spec.size' }])),
    errors: [`crd/versions @ ${V}.additionalPrinterColumns[0].jsonPath`],
  },
  // --- preserveUnknownFields (validatePreserveUnknownFields, kubernetes/kubernetes 02ad849d4f44a5da700ef0fd0e239bc2266ab126)
  'preserveUnknownFields true on a create': {
    upstream: 'ValidateCustomResourceDefinition -> validatePreserveUnknownFields(obj, nil): cannot set to true',
    yaml: crd((c) => (c.spec.preserveUnknownFields = true)),
    errors: ['crd/preserve-unknown-fields @ spec.preserveUnknownFields'],
  },
  'preserveUnknownFields false': {
    upstream: 'validatePreserveUnknownFields: only true is refused',
    yaml: crd((c) => (c.spec.preserveUnknownFields = false)),
  },
  'preserveUnknownFields true kept on an update of a definition stored with it': {
    upstream:
      'validateCustomResourceDefinitionUpdate -> validatePreserveUnknownFields(obj, oldObj): no-op when the old object has it true',
    yaml: crd((c) => (c.spec.preserveUnknownFields = true)),
    old: crd((c) => (c.spec.preserveUnknownFields = true)),
  },
  'preserveUnknownFields switched on by an update': {
    upstream: 'validateCustomResourceDefinitionUpdate -> validatePreserveUnknownFields(obj, oldObj): old false, new true',
    yaml: crd((c) => (c.spec.preserveUnknownFields = true)),
    old: crd(),
    errors: ['crd/preserve-unknown-fields @ spec.preserveUnknownFields'],
  },
  'rules are not compiled in a schema that is not structural': {
    upstream: 'validateCustomResourceDefinitionValidation: CEL only with a valid structural schema',
    yaml: withProperties({
      spec: { properties: { a: { type: 'string' } }, 'x-kubernetes-validations': [{ rule: 'self.a <=' }] },
    }),
    errors: [`crd/structural-schema @ ${S}.properties.spec.type`],
  },
};

describe('CustomResourceDefinition parity with the API server', () => {
  it.each(Object.entries(cases))('%s', (_, c) => {
    expect(parityErrors(c)).toEqual([...(c.errors ?? [])].sort());
  });
});

/** Every finding of crd/validation-rules on one rule of `spec.size` (an integer), warnings too: type errors are warnings there. */
function ruleFindings(rule: Json): string[] {
  const yaml = withProperties({
    spec: { type: 'object', properties: { size: { type: 'integer', 'x-kubernetes-validations': [rule] } } },
  });
  return allFindings(yaml)
    .filter((d) => d.ruleId === 'crd/validation-rules')
    .map((d) => d.message);
}

describe('optionalOldSelf rules compile with oldSelf typed optional(T) (compilation.go prepareEnvSet: types.NewOptionalType)', () => {
  it.each([
    ['self >= oldSelf.value()', true],
    ['self >= oldSelf.orValue(1)', true],
    ['oldSelf.hasValue() ? self >= oldSelf.value() : true', true],
    ['!oldSelf.hasValue() || self >= oldSelf.value()', true],
    // TestCelCompilation "optional primitive transition rule type checking": invalidError("optional"), invalidError("orValue").
    ['self >= oldSelf', false],
    ["self >= oldSelf.orValue('')", false],
  ])('%s compiles: %s', (expression, compiles) => {
    const withOptional = ruleFindings({ rule: expression, optionalOldSelf: true });
    if (compiles) expect(withOptional).toEqual([]);
    else expect(withOptional).toEqual([expect.stringContaining('does not compile')]);
  });

  it('without optionalOldSelf, oldSelf is the value itself: .value() does not compile and a plain comparison does', () => {
    expect(ruleFindings({ rule: 'self >= oldSelf.value()' })).toEqual([expect.stringContaining('does not compile')]);
    expect(ruleFindings({ rule: 'self >= oldSelf' })).toEqual([]);
  });

  it('a messageExpression of such a rule is compiled with the same optional oldSelf', () => {
    expect(
      ruleFindings({
        rule: 'oldSelf.hasValue()',
        optionalOldSelf: true,
        messageExpression: "oldSelf.hasValue() ? 'had one' : 'had none'",
      }),
    ).toEqual([]);
  });
});
