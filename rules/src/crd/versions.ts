import { defineRule } from '@platlint/core';
import type { RuleContext } from '@platlint/core';
import { CRD, dns1035Problem, objAt, schemaOf, stringAt, versionsOf, type VersionAt } from './shape.js';
import docs from './versions.md';

const SCOPES = ['Cluster', 'Namespaced'];

export default defineRule({
  meta: {
    id: 'crd/versions',
    description: 'A CustomResourceDefinition has a scope and at least one version; versions are uniquely named, each has a schema, exactly one is stored.',
    kinds: [CRD],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (apiextensions-apiserver pkg/apis/apiextensions/validation validation.go: validateCustomResourceDefinitionSpec, validateCustomResourceDefinitionVersion, validateDeprecationWarning, ValidateCustomResourceDefinitionSubresources)',
    docs,
  },
  check(context) {
    const spec = objAt(context.value, 'spec');
    if (!spec) return;
    const scope = stringAt(spec, 'scope');
    if (scope === undefined || scope === '') context.reportMissing(['spec', 'scope'], 'spec.scope is required: Namespaced or Cluster');
    else if (!SCOPES.includes(scope)) context.report({ path: ['spec', 'scope'], message: `"${scope}" is not a scope: use Namespaced or Cluster` });
    const versions = versionsOf(context.value);
    if (versions.length === 0) {
      context.reportMissing(['spec', 'versions'], 'spec.versions must list at least one version');
      return;
    }
    const seen = new Map<string, number>();
    for (const version of versions) {
      const name = version.name ?? '';
      const problem = dns1035Problem(name);
      if (problem) context.report({ path: [...version.path, 'name'], message: name === '' ? 'a version needs a name such as v1' : `"${name}" ${problem}` });
      const first = seen.get(name);
      if (first !== undefined && name !== '') context.report({ path: [...version.path, 'name'], message: `repeats the name of spec.versions[${first}]: version names must be unique` });
      else seen.set(name, version.index);
      if (!schemaOf(version)) context.reportMissing([...version.path, 'schema', 'openAPIV3Schema'], `version ${name || version.index} needs a schema (schema.openAPIV3Schema): the server prunes every field a schema does not describe`);
      deprecationWarning(context, version);
      scale(context, version);
    }
    const storage = versions.filter((v) => v.value.storage === true);
    if (storage.length !== 1) {
      context.report({ path: ['spec', 'versions'], message: storage.length === 0 ? 'exactly one version must have storage: true (none has)' : `exactly one version must have storage: true (${storage.map((v) => v.name ?? v.index).join(', ')} have)` });
    }
  },
});

function deprecationWarning(context: RuleContext, version: VersionAt): void {
  const warning = version.value.deprecationWarning;
  if (typeof warning !== 'string') return;
  const path = [...version.path, 'deprecationWarning'];
  if (version.value.deprecated !== true) context.report({ path, message: 'can only be set on a deprecated version (deprecated: true)' });
  if (warning.length === 0) context.report({ path, message: 'must not be empty' });
  if (Buffer.byteLength(warning) > 256) context.report({ path, message: `must be at most 256 bytes long (it has ${Buffer.byteLength(warning)})` });
  // Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space.
  const bad = [...warning].findIndex((c) => !/^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u.test(c));
  if (bad >= 0) context.report({ path, message: `must hold printable characters only; character ${bad} is not` });
}

/** Upstream ValidateCustomResourceDefinitionSubresources with validateSimpleJSONPath. */
function scale(context: RuleContext, version: VersionAt): void {
  const value = objAt(objAt(version.value, 'subresources'), 'scale');
  if (!value) return;
  const base = [...version.path, 'subresources', 'scale'];
  const paths: [string, string[], boolean][] = [['specReplicasPath', ['.spec.'], true], ['statusReplicasPath', ['.status.'], true], ['labelSelectorPath', ['.spec.', '.status.'], false]];
  for (const [field, prefixes, required] of paths) {
    const path = value[field];
    if (path === undefined || path === null || path === '') {
      if (required) context.reportMissing([...base, field], `the scale subresource needs ${field}, a path under ${prefixes.join(' or ')}`);
      continue;
    }
    if (typeof path !== 'string') continue;
    if (!path.startsWith('.')) context.report({ path: [...base, field], message: `"${path}" must be a simple JSON path starting with "."` });
    else if (!prefixes.some((p) => path.startsWith(p))) context.report({ path: [...base, field], message: `"${path}" must be a path under ${prefixes.join(' or ')}` });
  }
}
