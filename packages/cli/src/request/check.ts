// Checks one API request (method and URL) against the operation table and the parameter
// rules of spec document A. It never contacts a server: everything it knows comes from the
// spec's query-parameter sets, parameter reference, operation shapes and error table.
import { parseShardSelector } from '@platlint/cel';
import { OPERATIONS, SERVED_PREFIXES, operationsForPath } from './operations.js';
import type { Operation } from './operations.js';
import {
  DRY_RUN_VALUES,
  FIELD_MANAGER_MAX,
  FIELD_VALIDATION_VALUES,
  PARAMETER_TYPES,
  PROPAGATION_POLICY_VALUES,
  RESOURCE_VERSION_MATCH_VALUES,
  parseBoolean,
  parseInteger,
} from './parameters.js';

/** Every rule the checker reports, with what it is about (for docs and `--format json` readers). */
export const REQUEST_RULES = {
  'request/invalid-url': 'The URL cannot be read as an absolute http(s) URL or as a path.',
  'request/unknown-path': 'No operation of the API answers this method on this path.',
  'request/unchecked-subresource': 'A subresource the spec does not describe; its query was not checked.',
  'request/unknown-parameter': "A query parameter outside the operation's parameter set.",
  'request/duplicate-parameter': 'A query parameter given more than once.',
  'request/invalid-boolean': 'A boolean parameter whose value is not a boolean.',
  'request/invalid-integer': 'An integer parameter whose value is not a 64-bit integer.',
  'request/dry-run': '`dryRun` other than `All`.',
  'request/field-manager': '`fieldManager` longer than 128 characters or holding characters that are not printable.',
  'request/field-manager-required': 'An apply patch without `fieldManager`.',
  'request/field-validation': '`fieldValidation` other than `Ignore`, `Warn` or `Strict`.',
  'request/force-non-apply': '`force` on a patch that is not an apply patch.',
  'request/orphan-with-propagation': '`orphanDependents` together with `propagationPolicy`.',
  'request/propagation-policy': '`propagationPolicy` other than `Orphan`, `Background` or `Foreground`.',
  'request/grace-period': 'A negative `gracePeriodSeconds`.',
  'request/watch-paging': '`continue` or `limit` on a watch.',
  'request/send-initial-events': '`sendInitialEvents` without `resourceVersionMatch=NotOlderThan`, or outside a watch.',
  'request/resource-version-match': '`resourceVersionMatch` other than `NotOlderThan` or `Exact`.',
  'request/shard-selector': 'A malformed `shardSelector` (alpha, feature gate ShardedListAndWatch).',
} as const;

export type RequestRuleId = keyof typeof REQUEST_RULES;

export interface RequestFinding {
  /** The query parameter the finding is about; absent for findings about the URL or path. */
  parameter?: string;
  rule: RequestRuleId;
  /** `warning` when the request may be fine but the checker cannot tell. */
  severity: 'error' | 'warning';
  message: string;
}

export interface CheckRequestOptions {
  /** The request's Content-Type; decides whether `force` is allowed on a PATCH. */
  contentType?: string;
}

export class RequestUrlError extends Error {}

export interface ParsedRequestUrl {
  /** Decoded path segments from `api` or `apis` on (any base path before them dropped). */
  segments: string[];
  /** Query parameters in order, repeats kept, names and values decoded. */
  query: [string, string][];
}

// Any host will do: relative paths only need a base for the URL parser.
const PLACEHOLDER_BASE = 'http://platlint.invalid';

/**
 * Reads an absolute http(s) URL or a path starting with `/`. The spec's paths sit under a
 * `{base_url}` that may itself carry a path (a proxy prefix), so everything before the
 * first `api` or `apis` segment is dropped.
 */
export function parseRequestUrl(url: string): ParsedRequestUrl {
  const text = url.trim();
  let parsed: URL;
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(text)) {
    try {
      parsed = new URL(text);
    } catch {
      throw new RequestUrlError(`"${url}" is not a valid URL`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new RequestUrlError(`"${url}" uses ${parsed.protocol.slice(0, -1)}; the API is served over http or https`);
  } else if (text.startsWith('/')) {
    parsed = new URL(text, PLACEHOLDER_BASE);
  } else {
    throw new RequestUrlError(`"${url}" is neither an absolute http(s) URL nor a path starting with '/'`);
  }
  let segments = parsed.pathname.split('/').slice(1).map(decodeSegment);
  const root = segments.findIndex((s) => s === 'api' || s === 'apis');
  if (root > 0) segments = segments.slice(root);
  return { segments, query: [...parsed.searchParams.entries()] };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const describe = (op: Operation): string => `${op.method} ${op.path} (${op.name})`;
const list = (values: readonly string[]): string =>
  values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values.at(-1) as string}`;

/** What the checker reports when nothing matches the path: which part of it went wrong. */
function unknownPathMessage(segments: readonly string[]): string {
  const path = `/${segments.join('/')}`;
  if (segments.at(-1) === '' && operationsForPath(segments.slice(0, -1)).length > 0)
    return `${path} has a trailing '/'; the path without it is an API path`;
  const prefixLength = segments[0] === 'apis' ? 3 : segments[0] === 'api' ? 2 : 0;
  if (prefixLength === 0 || segments.length < prefixLength)
    return `${path} is not an API path: resources live under /api/{version} (core group) or /apis/{group}/{version}`;
  const prefix = `/${segments.slice(0, prefixLength).join('/')}`;
  if (!SERVED_PREFIXES.has(prefix)) {
    const group = segments[0] === 'apis' ? segments[1] : '';
    const versions = [...SERVED_PREFIXES]
      .filter((p) => (group ? p.startsWith(`/apis/${group}/`) : p.startsWith('/api/')))
      .map((p) => p.split('/').at(-1) as string);
    return versions.length > 0
      ? `${prefix} is not served: ${group ? `group ${group}` : 'the core group'} has version${versions.length > 1 ? 's' : ''} ${list(versions)}`
      : `${prefix} is not served: no known resource has the group ${group}`;
  }
  const resources = [...new Set(OPERATIONS.filter((op) => op.path.startsWith(`${prefix}/`)).map((op) => op.resource))].sort();
  return `no operation matches ${path}; ${prefix} serves ${list(resources)}`;
}

const finding = (
  rule: RequestRuleId,
  message: string,
  parameter?: string,
  severity: RequestFinding['severity'] = 'error',
): RequestFinding => (parameter === undefined ? { rule, severity, message } : { parameter, rule, severity, message });

/** A closed-value check: the value, a hint when only the case is off. */
function valueNotIn(parameter: string, value: string, allowed: readonly string[]): string | undefined {
  if (allowed.includes(value)) return undefined;
  if (value === '') return `${parameter} has no value; use ${list(allowed.map((v) => `'${v}'`))}`;
  const sameLetters = allowed.find((v) => v.toLowerCase() === value.toLowerCase());
  const hint = sameLetters ? ` (values are case-sensitive: write '${sameLetters}')` : '';
  return `${parameter} '${value}' is not valid; use ${list(allowed.map((v) => `'${v}'`))}${hint}`;
}

// Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space.
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

function isApplyPatch(contentType: string): boolean {
  // `application/apply-patch+yaml` is the usual spelling; the spec names the family
  // `application/apply-patch`, so any suffix (+json, +cbor) counts. Parameters such as
  // `; charset=utf-8` are not part of the media type.
  return (contentType.split(';')[0] ?? '').trim().toLowerCase().startsWith('application/apply-patch');
}

/**
 * Checks a request URL for `method`. Returns the findings in URL order: the path first,
 * then each parameter as it first appears, then the rules that tie parameters together.
 */
export function checkRequest(method: string, url: string, options: CheckRequestOptions = {}): RequestFinding[] {
  let parsed: ParsedRequestUrl;
  try {
    parsed = parseRequestUrl(url);
  } catch (error) {
    if (error instanceof RequestUrlError) return [finding('request/invalid-url', error.message)];
    throw error;
  }
  const verb = method.trim().toUpperCase();
  const candidates = operationsForPath(parsed.segments);
  if (candidates.length === 0) return [finding('request/unknown-path', unknownPathMessage(parsed.segments))];

  const other = candidates.find((op) => op.method === '*');
  if (other) {
    const sub = other.path.split('/').at(-1) as string;
    return [
      finding(
        'request/unchecked-subresource',
        `the spec describes no operations of the '${sub}' subresource of ${other.resource}; the method and query were not checked`,
        undefined,
        'warning',
      ),
    ];
  }
  const op = candidates.find((c) => c.method === verb);
  if (!op) {
    const template = (candidates[0] as Operation).path;
    const allowed = candidates.map((c) => `${c.method} (${c.name})`).join(', ');
    return [
      finding(
        'request/unknown-path',
        `${verb || 'an empty method'} is not an operation of ${template}; this path allows ${allowed}`,
      ),
    ];
  }
  return [...checkParameters(op, parsed.query, options.contentType)];
}

function* checkParameters(
  op: Operation,
  query: readonly [string, string][],
  contentType: string | undefined,
): Generator<RequestFinding> {
  const values = new Map<string, string[]>();
  for (const [name, value] of query) values.set(name, [...(values.get(name) ?? []), value]);
  // The server reads one value of a repeated parameter, so the first one is the one checked.
  const first = (name: string): string | undefined => (op.parameters.has(name) ? values.get(name)?.[0] : undefined);

  for (const [name, given] of values) {
    if (given.length > 1)
      yield finding(
        'request/duplicate-parameter',
        `${name} is given ${given.length} times; give it once (the server reads a single value)`,
        name,
      );
    if (!op.parameters.has(name)) {
      yield finding('request/unknown-parameter', unknownParameterMessage(op, name), name);
      continue;
    }
    yield* checkValue(op, name, given[0] as string, contentType);
  }

  // Rules across parameters (the spec's Errors table and parameter reference).
  const watch = op.watchPath || parseBoolean(first('watch') ?? '') === true;
  if (watch) {
    for (const name of ['continue', 'limit']) {
      if (first(name) !== undefined)
        yield finding(
          'request/watch-paging',
          `${name} does not apply to a watch${op.watchPath ? ` (${op.path} always watches)` : ' (watch=true)'}; page with a list request instead`,
          name,
        );
    }
  }
  if (first('sendInitialEvents') !== undefined) {
    const match = first('resourceVersionMatch');
    if (match !== 'NotOlderThan') {
      yield finding(
        'request/send-initial-events',
        `sendInitialEvents needs resourceVersionMatch=NotOlderThan${match === undefined ? '' : ` (found '${match}')`}; the server answers Invalid otherwise`,
        'sendInitialEvents',
      );
    }
    if (!watch)
      yield finding(
        'request/send-initial-events',
        `sendInitialEvents only applies to a watch; add watch=true or drop it`,
        'sendInitialEvents',
      );
  }
  if (first('orphanDependents') !== undefined && first('propagationPolicy') !== undefined) {
    yield finding(
      'request/orphan-with-propagation',
      'orphanDependents and propagationPolicy exclude each other; keep propagationPolicy (orphanDependents is deprecated)',
      'orphanDependents',
    );
  }
  const applying = contentType !== undefined && isApplyPatch(contentType);
  if (op.parameters.has('force') && applying && !first('fieldManager')) {
    yield finding('request/field-manager-required', 'an apply patch must name its fieldManager', 'fieldManager');
  }
}

function unknownParameterMessage(op: Operation, name: string): string {
  const accepted = [...op.parameters];
  const origin = op.shown ? op.querySet : `${op.querySet}, the upstream convention: the spec does not show this operation`;
  const near = [...accepted, ...Object.keys(PARAMETER_TYPES)].find((p) => p.toLowerCase() === name.toLowerCase() && p !== name);
  const hint = near ? `; did you mean ${near}? (names are case-sensitive)` : '';
  return `${name} is not a parameter of ${describe(op)}${hint}; it accepts ${accepted.join(', ')} (${origin})`;
}

function* checkValue(op: Operation, name: string, value: string, contentType: string | undefined): Generator<RequestFinding> {
  const type = PARAMETER_TYPES[name];
  if (type === 'boolean' && parseBoolean(value) === undefined) {
    yield finding(
      'request/invalid-boolean',
      `${name} '${value}' is not a boolean; write true or false (the server reads every value other than 0 or false as true)`,
      name,
    );
    return;
  }
  if (type === 'integer') {
    const number = parseInteger(value);
    if (number === undefined) {
      yield finding('request/invalid-integer', `${name} '${value}' is not a whole number in the 64-bit range`, name);
      return;
    }
    if (name === 'gracePeriodSeconds' && number < 0n)
      yield finding('request/grace-period', `gracePeriodSeconds is ${value}; it must be 0 (delete now) or more`, name);
    return;
  }
  switch (name) {
    case 'dryRun': {
      const problem = valueNotIn(name, value, DRY_RUN_VALUES);
      // The server refuses the whole request for any other value, so say what it wants.
      if (problem)
        yield finding(
          'request/dry-run',
          `dryRun ${value === '' ? 'has no value' : `'${value}' is not valid`}: the only value is 'All' (case-sensitive), and the server rejects the request otherwise`,
          name,
        );
      break;
    }
    case 'fieldValidation': {
      const problem = valueNotIn(name, value, FIELD_VALIDATION_VALUES);
      if (problem) yield finding('request/field-validation', problem, name);
      break;
    }
    case 'propagationPolicy': {
      const problem = valueNotIn(name, value, PROPAGATION_POLICY_VALUES);
      if (problem) yield finding('request/propagation-policy', problem, name);
      break;
    }
    case 'resourceVersionMatch': {
      const problem = valueNotIn(name, value, RESOURCE_VERSION_MATCH_VALUES);
      if (problem) yield finding('request/resource-version-match', problem, name);
      break;
    }
    case 'fieldManager': {
      // The spec counts characters, so code points are counted, not UTF-16 units or bytes.
      const characters = [...value];
      if (characters.length > FIELD_MANAGER_MAX)
        yield finding(
          'request/field-manager',
          `fieldManager has ${characters.length} characters; the limit is ${FIELD_MANAGER_MAX}`,
          name,
        );
      const bad = characters.find((c) => !PRINTABLE.test(c));
      if (bad !== undefined) {
        const code = `U+${(bad.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
        yield finding(
          'request/field-manager',
          `fieldManager holds the character ${code}, which is not printable; only printable characters are allowed`,
          name,
        );
      }
      break;
    }
    case 'force':
      yield* checkForce(op, name, contentType);
      break;
    case 'shardSelector': {
      const result = parseShardSelector(value);
      if (!result.ok) {
        for (const issue of result.issues) {
          yield finding(
            'request/shard-selector',
            `${issue.message} (characters ${issue.start + 1}-${Math.max(issue.end, issue.start + 1)}); note that shardSelector is alpha and needs the ShardedListAndWatch feature gate`,
            name,
          );
        }
      }
      break;
    }
  }
}

// `force` depends on the content type, not on its value: upstream rejects any `force`, even
// `force=false`, on a patch that is not an apply patch.
function* checkForce(op: Operation, name: string, contentType: string | undefined): Generator<RequestFinding> {
  if (contentType === undefined) {
    yield finding(
      'request/force-non-apply',
      `force is only allowed on an apply patch (Content-Type application/apply-patch+yaml); the content type is not known here, so make sure the request sends one`,
      name,
      'warning',
    );
  } else if (!isApplyPatch(contentType)) {
    yield finding(
      'request/force-non-apply',
      `force is only allowed on an apply patch, not on ${contentType.split(';')[0]?.trim() || 'an empty content type'} (${op.name})`,
      name,
    );
  }
}
