// JSON Schemas of the kinds a run learns from CustomResourceDefinitions and OpenAPI documents,
// one file per kind and version, named as kubeconform looks schemas up with the template
// `{{ .ResourceKind }}{{ .KindSuffix }}.json` (upstream kubeconform pkg/registry/registry.go,
// schemaPath: ResourceKind is the kind in lower case; KindSuffix is `-` and the group's first
// dot-separated part in lower case, then `-` and the version; for the core group, `-v1`).
// The schema is the one platlint validates a custom resource with (../custom-resources/
// structural.ts, toValidationSchema), its format names written as standard JSON Schema.
import type { Catalog, KindInfo } from '../kinds/catalog.js';
import { toValidationSchema } from '../custom-resources/structural.js';
import { standardFormats } from '../validate/standard-formats.js';
import type { ExportedSchema } from './export.js';

type Json = Record<string, unknown>;

const DRAFT = 'http://json-schema.org/draft-07/schema#';

/**
 * The CRD formats as standard JSON Schema. Those with a standard fragment of their own take it;
 * `ipv4`, `ipv6` and `date` keep their standard names (which mean the same). The others
 * (UUIDs, MAC addresses, BSON ids, colours, k8s names) are left unchecked in the export rather
 * than written as patterns that other validators could read differently.
 */
const STANDARD: Record<string, Json | undefined> = {
  decodedquantity: standardFormats.quantity,
  decodedbyte: standardFormats.byte,
  cidr: standardFormats.cidr,
  byte: standardFormats.byte,
  ipv4: { format: 'ipv4' },
  ipv6: { format: 'ipv6' },
  date: { format: 'date' },
};

/** `ResourceKind` + `KindSuffix` + `.json`, as kubeconform's schemaPath builds it. */
export function kubeconformFileName(info: Pick<KindInfo, 'kind' | 'apiVersion'>): string {
  const [groupOrVersion = '', version] = info.apiVersion.split('/');
  const suffix = `-${(groupOrVersion.split('.')[0] ?? '').toLowerCase()}${version === undefined ? '' : `-${version.toLowerCase()}`}`;
  return `${info.kind.toLowerCase()}${suffix}.json`;
}

/** One schema per kind that a CRD or the OpenAPI documents add to the catalog. */
export function exportCustomSchemas(catalog: Catalog): ExportedSchema[] {
  return catalog.kinds.flatMap((info) => {
    const version = catalog.customVersion(info);
    if (!version) return [];
    const validation = withStandardFormats(
      toValidationSchema(version.raw ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }, { root: true }) as Json,
    );
    const properties = {
      ...((validation.properties as Json | undefined) ?? {}),
      apiVersion: { const: info.apiVersion },
      kind: { const: info.kind },
      metadata: { type: 'object' },
    };
    // Named without the local path the definition was read from: exports are committed and shared.
    const from =
      version.origin === 'openapi' ? "the platform's OpenAPI documents" : `CustomResourceDefinition ${version.definition}`;
    return [
      {
        fileName: kubeconformFileName(info),
        kinds: [{ apiVersion: info.apiVersion, kind: info.kind }],
        schema: {
          $schema: DRAFT,
          title: `${info.kind} (${info.apiVersion})`,
          description: `From ${from}.`,
          ...validation,
          type: 'object',
          properties,
          required: ['apiVersion', 'kind'],
        },
      },
    ];
  });
}

/** The schema with every `format: crd:NAME` replaced by its standard form (or dropped). */
function withStandardFormats(value: Json): Json {
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'format' && typeof child === 'string' && child.startsWith('crd:')) continue;
    out[key] = Array.isArray(child)
      ? child.map((c) => (c && typeof c === 'object' ? withStandardFormats(c as Json) : c))
      : child && typeof child === 'object'
        ? withStandardFormats(child as Json)
        : child;
  }
  const format =
    typeof value.format === 'string' && value.format.startsWith('crd:') ? STANDARD[value.format.slice(4)] : undefined;
  if (!format) return out;
  const { description: _, ...fragment } = format;
  // The fragment may itself say `anyOf` (a quantity is a number or a string): it goes beside the rest.
  return 'anyOf' in fragment && out.anyOf ? { ...out, allOf: [{ anyOf: fragment.anyOf }] } : { ...out, ...fragment };
}
