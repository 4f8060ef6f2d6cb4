// The query parameters of spec document A ("Common query-parameter sets" and "Parameter
// reference"). The sets are written out as the spec lists them, so a reader can hold this
// file against the table; QS-patch is built from QS-write the way the spec defines it.

export type ParameterType = 'string' | 'boolean' | 'integer';

/** Every parameter of the reference, with the type the reference gives it. */
export const PARAMETER_TYPES: Readonly<Record<string, ParameterType>> = {
  pretty: 'string',
  dryRun: 'string',
  fieldManager: 'string',
  fieldValidation: 'string',
  force: 'boolean',
  gracePeriodSeconds: 'integer',
  ignoreStoreReadErrorWithClusterBreakingPotential: 'boolean',
  orphanDependents: 'boolean',
  propagationPolicy: 'string',
  continue: 'string',
  limit: 'integer',
  fieldSelector: 'string',
  labelSelector: 'string',
  resourceVersion: 'string',
  resourceVersionMatch: 'string',
  watch: 'boolean',
  allowWatchBookmarks: 'boolean',
  sendInitialEvents: 'boolean',
  shardSelector: 'string',
  timeoutSeconds: 'integer',
};

const write = ['pretty', 'dryRun', 'fieldManager', 'fieldValidation'] as const;

export const QUERY_SETS = {
  'QS-write': write,
  'QS-patch': [...write, 'force'],
  'QS-delete': [
    'pretty',
    'dryRun',
    'gracePeriodSeconds',
    'ignoreStoreReadErrorWithClusterBreakingPotential',
    'orphanDependents',
    'propagationPolicy',
  ],
  'QS-delete-collection': [
    'pretty',
    'continue',
    'dryRun',
    'fieldSelector',
    'gracePeriodSeconds',
    'ignoreStoreReadErrorWithClusterBreakingPotential',
    'labelSelector',
    'limit',
    'orphanDependents',
    'propagationPolicy',
    'resourceVersion',
    'resourceVersionMatch',
    'sendInitialEvents',
    'shardSelector',
    'timeoutSeconds',
  ],
  'QS-watch': [
    'allowWatchBookmarks',
    'continue',
    'fieldSelector',
    'labelSelector',
    'limit',
    'pretty',
    'resourceVersion',
    'resourceVersionMatch',
    'sendInitialEvents',
    'shardSelector',
    'timeoutSeconds',
    'watch',
  ],
  'QS-read': ['pretty'],
} as const satisfies Record<string, readonly string[]>;

export type QuerySetName = keyof typeof QUERY_SETS;

// Closed value sets of the reference. They are case-sensitive on the server, so a value that
// differs only in case is still wrong (the finding then names the intended spelling).
export const DRY_RUN_VALUES = ['All'] as const;
export const FIELD_VALIDATION_VALUES = ['Ignore', 'Warn', 'Strict'] as const;
export const PROPAGATION_POLICY_VALUES = ['Orphan', 'Background', 'Foreground'] as const;
export const RESOURCE_VERSION_MATCH_VALUES = ['NotOlderThan', 'Exact'] as const;

/** The reference's limit on `fieldManager`, counted in characters as the spec words it. */
export const FIELD_MANAGER_MAX = 128;

/**
 * The upstream server reads `0` and `false` (in any case) as false and every other value,
 * even `no` or `f`, as true. We accept only the spellings whose meaning no reader can get
 * wrong: `true` and `false` in any case, `1` and `0`. Anything else gets a finding, since it
 * silently means true.
 */
export function parseBoolean(text: string): boolean | undefined {
  if (text === '1' || text.toLowerCase() === 'true') return true;
  if (text === '0' || text.toLowerCase() === 'false') return false;
  return undefined;
}

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/** A decimal 64-bit integer as the server parses one, or undefined when it does not parse. */
export function parseInteger(text: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(text)) return undefined;
  const value = BigInt(text);
  return value < INT64_MIN || value > INT64_MAX ? undefined : value;
}
