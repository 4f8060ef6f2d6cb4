/**
 * The overlay: what the platform's API documents A, B and C add to the structural facts of
 * the upstream type table (packages/core/data/api-types.json). It is written by hand, in our own words, one entry per type and
 * field the spec describes. The schema builder merges it into the type table; everything a
 * user sees (hover, completion, messages) comes from the merged tree.
 */

/** Formats the validator knows; each has a checker in ../validate/formats.ts. */
export type FormatName =
  | 'dns-label' // RFC 1123 label: lowercase alphanumerics and '-', at most 63 characters
  | 'dns-subdomain' // RFC 1123 subdomain: labels joined by '.', at most 253 characters
  | 'label-key' // qualified name: optional DNS-subdomain prefix and '/', name part at most 63
  | 'label-value' // at most 63 characters, alphanumerics with '-', '_', '.' inside
  | 'ip' // IPv4 or IPv6 address
  | 'cidr' // IPv4 or IPv6 CIDR
  | 'url' // absolute URL
  | 'https-url' // absolute https:// URL
  | 'duration' // Go duration string, e.g. "30s", "1m30s"
  | 'int-or-percent' // integer, or a string of digits followed by '%'
  | 'quantity' // resource quantity, e.g. "100m", "1Gi"
  | 'date-time' // RFC 3339 timestamp
  | 'micro-time' // RFC 3339 timestamp with exactly six fractional digits (metav1.MicroTime)
  | 'path-segment'; // object name usable as a URL path segment: not '.', '..', no '/' or '%'

/**
 * Where CEL stands: the environment an expression field is compiled in, one name per
 * environment (its variables and the result type it needs). @platlint/cel maps each name to
 * its environment; the rules, the language server and the admission engine find the fields
 * through the schema tree (../schema/cel-places.ts).
 */
export const CEL_PLACES = [
  'admission.matchCondition',
  'admission.variable',
  'admission.applyConfiguration',
  'admission.jsonPatch',
  'authentication.claimValidationRule',
  'authentication.username',
  'authentication.groups',
  'authentication.uid',
  'authentication.extra',
  'authentication.userValidationRule',
  'authorization.webhookMatchCondition',
] as const;

export type CelPlace = (typeof CEL_PLACES)[number];

/** How the server treats a gated field while its gate is off. */
export type GateOffBehaviour = 'refused' | 'dropped';

/** Where in the spec a fact comes from: document letter and section heading. */
export type SpecRef = `${'A' | 'B' | 'C'} ${string}`;

export interface FieldOverlay {
  /** Our own description of the field (shown on hover). */
  description?: string;
  /** Overrides the structural `optional` flag where the spec says otherwise. */
  required?: boolean;
  /** The server-side default, as stated by the spec. */
  default?: unknown;
  format?: FormatName;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  /** Closed set of allowed values (validated). */
  enum?: readonly (string | number | boolean)[];
  /** Values the spec names but where others may appear later (completion only, not validated). */
  knownValues?: readonly string[];
  /** A deprecation notice in our words; presence marks the field deprecated. */
  deprecated?: string;
  /** Feature gates the field depends on. */
  featureGates?: readonly string[];
  /**
   * What the server does with the field while one of its gates is off: refuse the object
   * (validation forbids the field) or drop the field silently. The reference's
   * `forbiddenWhen: ifDisabled(...)` sets `refused`; without either, a field counts as dropped,
   * so that an unknown case is never reported as an error.
   */
  gateOff?: GateOffBehaviour;
  /** The field cannot change after creation. */
  immutable?: boolean;
  /** Inclusive upper bound of a duration field, as a Go duration (`30s`); rules read it. */
  maxDuration?: string;
  /** Aggregate limit of a map: its keys and string values together, in UTF-8 bytes; rules read it. */
  maxTotalBytes?: number;
  /** The field holds a CEL expression, compiled in this environment. */
  cel?: CelPlace;
  /**
   * CEL members of a field of a shared struct type, where the environment depends on the
   * field rather than on the type (`username` and `groups` share one type, not one result).
   */
  celMembers?: Readonly<Record<string, CelPlace>>;
  spec?: SpecRef;
}

export interface TypeOverlay {
  /** Description of the type itself (shown on hover of a kind's apiVersion/kind). */
  description?: string;
  deprecated?: string;
  featureGates?: readonly string[];
  spec?: SpecRef;
  fields?: Record<string, FieldOverlay>;
}

/** Keyed by type id as in api-types.json (`apps/v1.DeploymentSpec`). */
export type Overlay = Record<string, TypeOverlay>;
