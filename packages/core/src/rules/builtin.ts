import type { RuleMeta } from './rule.js';

/**
 * Findings the engine itself makes (reading YAML, recognising kinds, structural
 * validation, suppressions). They are listed, configured and explained like rules.
 */
function builtin(id: string, severity: RuleMeta['severity'], description: string, docs: string, fixable = false): RuleMeta {
  return {
    id,
    severity,
    enforcedBy: severity === 'error' ? 'server' : 'advice',
    description,
    kinds: '*',
    source: 'engine',
    docs,
    fixable,
  };
}

export const builtinRules: readonly RuleMeta[] = [
  builtin(
    'file/encoding',
    'error',
    'The file is not UTF-8 text.',
    'platlint reads YAML as UTF-8. Binary files, UTF-16 files and files with malformed UTF-8 sequences are reported once and not read further.',
  ),
  builtin(
    'file/unreadable',
    'error',
    'The file could not be read.',
    'The file exists in the list of paths but reading it failed (permissions, a directory named like a YAML file, a broken link).',
  ),
  builtin(
    'file/too-large',
    'error',
    'The file is over the size limit.',
    'Files above the size limit (32 MiB) are refused rather than read, so a stray dump cannot stall a run.',
  ),
  builtin(
    'file/empty',
    'warning',
    'The file holds no YAML document.',
    'An empty file (or one holding only whitespace) is usually a mistake in a generator or a path.',
  ),
  builtin(
    'file/helm-template',
    'info',
    "A Helm chart's template, skipped.",
    "The files under the `templates/` directory of a Helm chart (a directory holding `Chart.yaml`) are Go templates that `helm template` renders into manifests, not YAML as they stand: read as YAML, every line of template logic (`{{- if .Values.enabled }}`) would be a syntax error. Such a file is skipped and said once; lint the rendered chart to check its objects: `helm template CHART | platlint lint -`. The chart's `crds/` are plain manifests and are linted.",
  ),
  builtin(
    'yaml/syntax',
    'error',
    'YAML syntax error.',
    'The document cannot be parsed. It is reported and skipped; the other documents of the file are still linted.',
  ),
  builtin(
    'yaml/duplicate-key',
    'error',
    'A mapping has the same key twice.',
    'The platform keeps only one of the two values (and strict field validation rejects the object); say each key once.',
  ),
  builtin('yaml/tab-indent', 'error', 'Tabs used for indentation.', 'YAML forbids tab characters in indentation; use spaces.'),
  builtin(
    'yaml/alias-limit',
    'error',
    'Aliases expand to too many nodes.',
    'Anchors and aliases are allowed, but their expansion is bounded: a document whose aliases would expand to more than 100,000 nodes (a "billion laughs" attack) is refused.',
  ),
  builtin(
    'document/not-mapping',
    'error',
    'A document is a list of objects.',
    'Every manifest is one mapping with `apiVersion` and `kind`. A document that is a bare list of such mappings is refused; wrap them in a `kind: List` (apiVersion `v1`) or separate them with `---`. A list or scalar holding no object is not a manifest at all (see `document/not-manifest`).',
  ),
  builtin(
    'document/not-manifest',
    'info',
    'YAML that is not a manifest, skipped.',
    "Repositories hold YAML that is not for the platform: CI workflows, compose files, `.pre-commit-config.yaml`, Helm values. A document that names neither `apiVersion` nor `kind` is skipped, and said once per file as information, so `platlint lint .` passes on a repository whose manifests are valid. So is a document whose only header is an `apiVersion` no platform group serves (Helm's `Chart.yaml` says `apiVersion: v2`), and kustomize's own `kustomization.yaml` (`kustomize.config.k8s.io`), which kustomize reads and never sends to the server. The language server does not lint such files at all.",
  ),
  builtin(
    'document/missing-kind',
    'error',
    'A document has apiVersion without kind, or kind without apiVersion.',
    'A document that names one of `apiVersion` and `kind` is meant as an object, and without the other the platform cannot tell what it is: the server refuses it. (A document with neither is not a manifest: `document/not-manifest`.)',
  ),
  builtin(
    'document/unknown-kind',
    'info',
    'A kind platlint does not cover.',
    'Documents of kinds outside the catalog are reported once per file, as information, and otherwise skipped.',
  ),
  builtin(
    'document/kustomize-patch',
    'info',
    'A kustomize patch, checked as part of an object.',
    "A file that a kustomization (`kustomization.yaml`, `kustomization.yml` or `Kustomization` in its directory or above) names under `patches`, `patchesStrategicMerge` or `patchesJson6902` is merged by kustomize into the object it targets, so it holds only the fields it changes. platlint checks the values it sets (types, formats, enums, known fields; `$patch` and the other strategic-merge directives are allowed) and asks nothing of what it leaves out: no required field and no rule, which judge whole objects. So is a file in a kustomization's tree that no kustomization lists as a resource, when a kustomization names it in a commented-out entry of a patch field (the optional patches of kubebuilder's scaffold: `#patchesStrategicMerge:` then `#- manager_auth_proxy_patch.yaml`) or its name or directory says patch (`*_patch.yaml`, `*-patch.yaml`, `patch*.yaml`, under `patches/`): it is in no build as an object of its own. Lint the output of `kustomize build` to check the objects the patches make. Said once per patch file, with the reason.",
  ),
  builtin(
    'document/unknown-version',
    'error',
    'A known kind with an apiVersion that does not serve it.',
    "The kind exists, but not in that group and version; the message names the apiVersions that serve it. The spec documents the configuration files as `apiserver.plat.io/v1beta1` only, but the API server also loads the other versions upstream serves (v1alpha1 of all four, v1 of AuthenticationConfiguration and AuthorizationConfiguration): such a file is a warning, since platlint has no schema for it and leaves its content unchecked. A configuration kind under another group (`apps/v1alpha1`, `v1`) is a warning too: the server's configuration loaders know the group `apiserver.plat.io` alone and would refuse the file, but the file may belong to another program; in a file `apiServerConfigs` declares, it is an error (`document/declared-kind`).",
  ),
  builtin(
    'document/declared-kind',
    'error',
    'A document of another kind in a file declared as an API server configuration.',
    'The `apiServerConfigs` setting of `platlint.config.yaml` declares which files are which configuration of the API server (authentication, authorization, egress selector, tracing). The server reads each such file with the loader of its flag, which takes its own kind of `apiserver.plat.io` only: any other kind or group, a document without `apiVersion` and `kind`, or a file declared as two configurations is refused and the server does not start. The message names the setting that declares the file; nothing else of such a document is checked. A document of the declared kind is checked as every configuration file is.',
  ),
  builtin(
    'document/not-served',
    'error',
    'A kind the configured release or feature gates do not serve.',
    'Each kind is served from the release that introduced it until the release that removed it (the reference\'s `introducedIn` and `removedIn`), and some only while a feature gate is on. Against the `release` of `platlint.config.yaml` (1.37 unless set) and its `featureGates`, a kind outside its releases, or whose gate the configuration disables, is refused by the server ("no matches for kind"): the object is reported once at `apiVersion` and not checked further. A kind whose gate is off by default at that release and not configured draws a warning naming the gate (the cluster may enable it), and is checked as usual.',
  ),
  builtin(
    'schema/required',
    'error',
    'A required field is missing.',
    'The field is required by the spec. The finding is placed on the key of the object that lacks it. An explicit `null` counts as missing. Under the `status` of a kind with a status subresource the finding is a warning: the server resets status on create and keeps the stored one on update, so the value is dropped, not refused.',
  ),
  builtin(
    'schema/unknown-field',
    'error',
    'A field the kind does not have.',
    'The server rejects unknown fields under strict field validation and silently drops them otherwise, so a typo loses configuration. The message suggests the nearest known field.',
  ),
  builtin(
    'schema/type',
    'error',
    'A value of the wrong type.',
    'For example a string where an integer is expected. Quote-free YAML 1.1 scalars such as `yes` and `on` are booleans on the platform.',
  ),
  builtin(
    'schema/enum',
    'error',
    'A value outside the allowed set.',
    'The field takes one of a closed set of values, and they are case-sensitive. When the value differs only in case, a fix is offered. Under the `status` of a kind with a status subresource the finding is a warning: the server resets status on create and keeps the stored one on update, so the value is dropped, not refused.',
    true,
  ),
  builtin(
    'schema/format',
    'error',
    'A string in the wrong format.',
    'DNS labels and subdomains, label keys and values, IP addresses, URLs, durations, quantities, timestamps and percentages are checked. A microsecond timestamp (the `eventTime` of an Event and `series.lastObservedTime`) needs exactly six fractional digits: the server decodes it with a fixed layout and refuses any other. Under the `status` of a kind with a status subresource the finding is a warning: the server resets status on create and keeps the stored one on update, so the value is dropped, not refused.',
  ),
  builtin(
    'schema/range',
    'error',
    'A number out of range.',
    'Limits stated by the spec, and the range of 32- and 64-bit integer fields (the number of an int-or-string field, such as `maxSurge`, is a 32-bit integer). Under the `status` of a kind with a status subresource a limit of the spec is a warning (the server resets status on create and keeps the stored one on update, so the value is dropped, not refused); an integer too wide for its field stays an error, since it cannot be decoded.',
  ),
  builtin(
    'schema/length',
    'error',
    'A string or list too long or too short.',
    'Length limits stated by the spec (for example at most 64 match conditions, at least one mutation). Under the `status` of a kind with a status subresource the finding is a warning: the server resets status on create and keeps the stored one on update, so the value is dropped, not refused.',
  ),
  builtin(
    'schema/duplicate',
    'error',
    'A list repeats an item it must hold once.',
    'A list whose schema makes it a set (`x-kubernetes-list-type: set`, or `uniqueItems`) holds each value once, and a list-map (`x-kubernetes-list-type: map`) holds one item per combination of its map keys: the server refuses a repeat. The finding is on the repeated item.',
  ),
  builtin(
    'schema/value',
    'error',
    "A value that fails a value validation of a custom resource's schema.",
    "A CustomResourceDefinition's schema may constrain a value with `anyOf`, `oneOf` or `not`; the server refuses a value that does not satisfy them.",
  ),
  builtin(
    'suppression/unused',
    'warning',
    'A suppression comment that suppressed nothing.',
    'A `# platlint-disable...` comment whose rule reported nothing where it applies. Remove it, so that it cannot hide a future finding.',
  ),
];
