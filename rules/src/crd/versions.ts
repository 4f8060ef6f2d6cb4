import { defineRule } from '@platlint/core';
import type { RuleContext } from '@platlint/core';
import { CRD, schemaOf, type VersionAt, versionsOf } from './shape.js';
import { isObject, isSet, objAt, stringAt } from '../kit/objects.js';
import { dns1035Problem } from '../kit/names.js';
import docs from './versions.md';

const SCOPES = ['Cluster', 'Namespaced'];

export default defineRule({
  meta: {
    id: 'crd/versions',
    description:
      'A CustomResourceDefinition has a scope and at least one version; versions are uniquely named, each has a schema, exactly one is stored.',
    kinds: [CRD],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'upstream (apiextensions-apiserver pkg/apis/apiextensions/validation validation.go: validateCustomResourceDefinitionSpec, validateCustomResourceDefinitionVersion, validateDeprecationWarning, ValidateCustomResourceDefinitionSubresources, ValidateCustomResourceColumnDefinition)',
    docs,
    messages: {
      versionNameMissing: 'a version needs a name such as v1',
      badVersionName: '"{{name}}" {{problem}}',
      storageNotOne: 'exactly one version must have storage: true ({{which}})',
      scopeRequired: 'spec.scope is required: Namespaced or Cluster',
      badScope: '"{{scope}}" is not a scope: use Namespaced or Cluster',
      noVersions: 'spec.versions must list at least one version',
      repeatedVersionName: 'repeats the name of spec.versions[{{first}}]: version names must be unique',
      schemaMissing:
        'version {{name}} needs a schema (schema.openAPIV3Schema): the server prunes every field a schema does not describe',
      warningWithoutDeprecated: 'can only be set on a deprecated version (deprecated: true)',
      emptyWarning: 'must not be empty',
      warningTooLong: 'must be at most 256 bytes long (it has {{bytes}})',
      warningNotPrintable: 'must hold printable characters only; character {{bad}} is not',
      scalePathMissing: 'the scale subresource needs {{field}}, a path under {{prefixes}}',
      scalePathNotSimple: '"{{path}}" must be a simple JSON path starting with "."',
      scalePathOutside: '"{{path}}" must be a path under {{prefixes}}',
      columnFieldMissing: 'a printer column needs {{field}}{{hint}}',
      badColumnType: '"{{type}}" is not a printer column type: use one of {{allowed}}',
      badColumnFormat: '"{{format}}" is not a printer column format: use one of {{allowed}}',
      columnPathNotSimple: '"{{path}}" must be a simple JSON path starting with "."',
    },
  },
  check(context) {
    const spec = objAt(context.value, 'spec');
    if (!spec) return;
    const scope = stringAt(spec, 'scope');
    if (scope === undefined || scope === '') context.reportMissing(['spec', 'scope'], { messageId: 'scopeRequired' });
    else if (!SCOPES.includes(scope)) context.report({ path: ['spec', 'scope'], messageId: 'badScope', data: { scope } });
    const versions = versionsOf(context.value);
    if (versions.length === 0) {
      context.reportMissing(['spec', 'versions'], { messageId: 'noVersions' });
      return;
    }
    const seen = new Map<string, number>();
    for (const version of versions) {
      const name = version.name ?? '';
      const problem = dns1035Problem(name);
      if (problem)
        context.report({
          path: [...version.path, 'name'],
          ...(name === '' ? { messageId: 'versionNameMissing' } : { messageId: 'badVersionName', data: { name, problem } }),
        });
      const first = seen.get(name);
      if (first !== undefined && name !== '')
        context.report({ path: [...version.path, 'name'], messageId: 'repeatedVersionName', data: { first } });
      else seen.set(name, version.index);
      if (!schemaOf(version))
        context.reportMissing([...version.path, 'schema', 'openAPIV3Schema'], {
          messageId: 'schemaMissing',
          data: { name: name || version.index },
        });
      deprecationWarning(context, version);
      scale(context, version);
      printerColumns(context, version);
    }
    const storage = versions.filter((v) => v.value.storage === true);
    if (storage.length !== 1) {
      context.report({
        path: ['spec', 'versions'],
        messageId: 'storageNotOne',
        data: { which: storage.length === 0 ? 'none has' : `${storage.map((v) => v.name ?? v.index).join(', ')} have` },
      });
    }
  },
});

/** What upstream's printerColumnDatatypes and customResourceColumnDefinitionFormats allow, sorted as its messages list them. */
const COLUMN_TYPES = ['boolean', 'date', 'integer', 'number', 'string'];
const COLUMN_FORMATS = ['byte', 'date', 'date-time', 'double', 'float', 'int32', 'int64', 'password'];

/** Upstream ValidateCustomResourceColumnDefinition, for each of a version's additionalPrinterColumns. */
function printerColumns(context: RuleContext, version: VersionAt): void {
  const columns = version.value.additionalPrinterColumns;
  if (!Array.isArray(columns)) return;
  columns.forEach((column: unknown, index) => {
    if (!isObject(column)) return;
    const at = [...version.path, 'additionalPrinterColumns', index];
    const text = (field: string): string | undefined => stringAt(column, field) ?? (isSet(column[field]) ? undefined : '');
    if (text('name') === '')
      context.reportMissing([...at, 'name'], { messageId: 'columnFieldMissing', data: { field: 'name', hint: '' } });
    const type = text('type');
    const allowedTypes = COLUMN_TYPES.join(', ');
    if (type === '')
      context.reportMissing([...at, 'type'], {
        messageId: 'columnFieldMissing',
        data: { field: 'type', hint: `: one of ${allowedTypes}` },
      });
    else if (type !== undefined && !COLUMN_TYPES.includes(type))
      context.report({ path: [...at, 'type'], messageId: 'badColumnType', data: { type, allowed: allowedTypes } });
    const format = text('format');
    if (format && !COLUMN_FORMATS.includes(format))
      context.report({
        path: [...at, 'format'],
        messageId: 'badColumnFormat',
        data: { format, allowed: COLUMN_FORMATS.join(', ') },
      });
    const path = text('jsonPath');
    if (path === '')
      context.reportMissing([...at, 'jsonPath'], {
        messageId: 'columnFieldMissing',
        data: { field: 'jsonPath', hint: ', a path such as .spec.replicas' },
      });
    else if (path !== undefined && !path.startsWith('.'))
      context.report({ path: [...at, 'jsonPath'], messageId: 'columnPathNotSimple', data: { path } });
  });
}

function deprecationWarning(context: RuleContext, version: VersionAt): void {
  const warning = version.value.deprecationWarning;
  if (typeof warning !== 'string') return;
  const path = [...version.path, 'deprecationWarning'];
  if (version.value.deprecated !== true) context.report({ path, messageId: 'warningWithoutDeprecated' });
  if (warning.length === 0) context.report({ path, messageId: 'emptyWarning' });
  if (Buffer.byteLength(warning) > 256)
    context.report({ path, messageId: 'warningTooLong', data: { bytes: Buffer.byteLength(warning) } });
  // Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space.
  const bad = [...warning].findIndex((c) => !/^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u.test(c));
  if (bad >= 0) context.report({ path, messageId: 'warningNotPrintable', data: { bad } });
}

/** Upstream ValidateCustomResourceDefinitionSubresources with validateSimpleJSONPath. */
function scale(context: RuleContext, version: VersionAt): void {
  const value = objAt(objAt(version.value, 'subresources'), 'scale');
  if (!value) return;
  const base = [...version.path, 'subresources', 'scale'];
  const paths: [string, string[], boolean][] = [
    ['specReplicasPath', ['.spec.'], true],
    ['statusReplicasPath', ['.status.'], true],
    ['labelSelectorPath', ['.spec.', '.status.'], false],
  ];
  for (const [field, prefixes, required] of paths) {
    const path = value[field];
    if (path === undefined || path === null || path === '') {
      if (required)
        context.reportMissing([...base, field], {
          messageId: 'scalePathMissing',
          data: { field, prefixes: prefixes.join(' or ') },
        });
      continue;
    }
    if (typeof path !== 'string') continue;
    if (!path.startsWith('.')) context.report({ path: [...base, field], messageId: 'scalePathNotSimple', data: { path } });
    else if (!prefixes.some((p) => path.startsWith(p)))
      context.report({ path: [...base, field], messageId: 'scalePathOutside', data: { path, prefixes: prefixes.join(' or ') } });
  }
}
